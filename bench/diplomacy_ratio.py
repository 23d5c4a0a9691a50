"""Times the `diplomacy` package's Game.process() on the phases `npm run bench:diplomacy` writes.

Reads a JSON list of phases on stdin; each phase is {"phase": "F1903M", "units": {POWER: ["A PAR", ...]},
"centers": {POWER: ["PAR", ...]}, "orders": {POWER: ["A PAR - BUR", ...]}}. Prints one JSON object:
the seconds each set_orders() and process() took, and the units each power has after it, in the
same order.
"""
import json
import sys
import time

from diplomacy import Game


def main():
    phases = json.load(sys.stdin)
    ordering = []
    seconds = []
    after = []
    for phase in phases:
        game = Game(map_name='standard')
        game.clear_units()
        game.clear_centers()
        game.set_current_phase(phase['phase'])
        for power, units in phase['units'].items():
            game.set_units(power, units)
        for power, centers in phase['centers'].items():
            game.set_centers(power, centers)
        started = time.perf_counter()
        for power, orders in phase['orders'].items():
            game.set_orders(power, orders)
        ordering.append(time.perf_counter() - started)
        started = time.perf_counter()
        game.process()
        seconds.append(time.perf_counter() - started)
        after.append({power: sorted(state.units) for power, state in game.powers.items()})
    json.dump({'ordering': ordering, 'seconds': seconds, 'after': after}, sys.stdout)


main()
