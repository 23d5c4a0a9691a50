// The game page's clickable board (issue 36). Without this script the page is its order form; with
// it, clicks on the board choose the form's own options and the player sends the form as before.
// It makes no order that is not one of the choices the page was given (#board-data), which are the
// options of the form's pulldowns: the board and the form cannot disagree.

const SVG = 'http://www.w3.org/2000/svg';
/** How far from a place's spot, in board pixels, a click on the board still means that place. */
const REACH = 70;
/** The board's widths, zoomed in step by step (style.css's .zoom-N). */
const ZOOM_STEPS = 4;

const data = JSON.parse(document.getElementById('board-data').textContent);
const form = document.getElementById('order-form');
const section = document.getElementById('board');
const picture = section.querySelector('img');
const rows = Array.from(form.querySelectorAll('select[name=order]'));

const provinceOf = (location) => location.split('/')[0];
/** `A PAR` → `PAR`; an nJudge gateway is named by its place alone. */
const locationOf = (unit) => unit.slice(unit.indexOf(' ') + 1);
const nameOf = (location) => data.places[location]?.name ?? location;
const unitProvince = (unit) => provinceOf(locationOf(unit.unit));
const rowOf = (unit) => rows.find((select) => select.getAttribute('aria-label') === `Order for ${unit}`);
const hasOption = (select, value) => Array.from(select.options).some((option) => option.value === value);

function element(name, attributes = {}, parent = null) {
  const made = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) made.setAttribute(key, String(value));
  if (parent) parent.append(made);
  return made;
}

function html(name, attributes = {}, text = '') {
  const made = document.createElement(name);
  for (const [key, value] of Object.entries(attributes)) made.setAttribute(key, value);
  made.textContent = text;
  return made;
}

// The board: the picture in a stage that zooms inside a scrolling view, under an overlay of spots.
const view = html('div', { class: 'board-view' });
const stage = html('div', { class: 'board-stage' });
picture.replaceWith(view);
view.append(stage);
stage.append(picture);
const overlay = element('svg', { class: 'board-overlay', role: 'group', 'aria-label': 'The board: choose a place to order' }, stage);
const background = element('rect', { x: 0, y: 0, width: '100%', height: '100%', class: 'board-hit' }, overlay);
const marks = element('g', { class: 'board-marks', 'aria-hidden': 'true' }, overlay);
const spots = element('g', { class: 'board-spots' }, overlay);

const panel = html('aside', { class: 'board-panel card' });
const prompt = html('p', { class: 'prompt', role: 'status', 'aria-live': 'polite' });
const picks = html('div', { class: 'picks' });
const listTitle = html('h3', {}, 'Orders to send');
const list = html('ol', { class: 'order-list' });
const controls = html('div', { class: 'board-controls' });
const undo = html('button', { type: 'button', class: 'undo' }, 'Undo last click');
const send = html('button', { type: 'button', class: 'send' }, 'Send these orders');
const zoomOut = html('button', { type: 'button', class: 'zoom', 'aria-label': 'Zoom the board out' }, '−');
const zoomIn = html('button', { type: 'button', class: 'zoom', 'aria-label': 'Zoom the board in' }, '+');
controls.append(zoomOut, zoomIn, undo);
panel.append(prompt, picks, listTitle, list, controls, send);
section.classList.add('clickable');
view.after(panel);

/** What the player has clicked so far: a unit of theirs, then perhaps a unit it is to support or convoy. */
let selected = null;
/** Each click's change to a row, for the undo button. */
const history = [];
let zoom = 0;

function say(text, problem = false) {
  prompt.textContent = text;
  prompt.classList.toggle('problem', problem);
}

function offer(choices) {
  picks.replaceChildren(
    ...choices.map(({ label, act }) => {
      const button = html('button', { type: 'button' }, label);
      button.addEventListener('click', act);
      return button;
    }),
  );
}

function setRow(select, order) {
  if (!select || !hasOption(select, order)) return refuse(`${order} is not an order you may give now.`);
  history.push({ select, before: select.value });
  select.value = order;
  selected = null;
  offer([]);
  say(`${order}: on the list. Nothing is sent until you send the list.`);
  draw();
}

function refuse(text) {
  say(`${text} No order was made.`, true);
  draw();
}

function cancel() {
  selected = null;
  offer([]);
  say(startText());
  draw();
}

/** One of `orders` (all for the same row): at once when there is one or the click named it, else asked. */
function pickOne(select, orders, clicked) {
  const exact = orders.find((order) => order.endsWith(` ${clicked}`));
  if (orders.length === 1 || exact) return setRow(select, exact ?? orders[0]);
  say('Which one?');
  offer(orders.map((order) => ({ label: describe(order), act: () => setRow(select, order) })));
}

/** An order with its destination's full name: which coast, for a fleet. */
function describe(order) {
  const destination = order.split(' ').at(-1);
  return data.places[destination] ? `${order} (${nameOf(destination)})` : order;
}

function startText() {
  if (data.adjustment) {
    return data.adjustment.count > 0 ? 'Click a home center of yours to build there.' : 'Click a unit of yours to remove it.';
  }
  return data.phase === 'RETREATS' ? 'Click a dislodged unit of yours to retreat it.' : 'Click a unit of yours to order it.';
}

/** The destination of a move or retreat order of `unit`, or null when the order is none. */
function moveDestination(order, unit) {
  if (!order.startsWith(`${unit} - `)) return null;
  const rest = order.slice(unit.length + 3).replace(/ VIA CONVOY$/, '');
  return rest.includes(' ') ? null : rest;
}

/** The units `unit` may support or convoy whose place is in `province`. */
function targetsIn(unit, province) {
  const found = new Set();
  for (const order of unit.choices) {
    const match = new RegExp(`^${escape(unit.unit)} [SC] (.+?)(?: - \\S+)?$`).exec(order);
    if (match && provinceOf(locationOf(match[1])) === province) found.add(match[1]);
  }
  return [...found];
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

function choose(location) {
  const province = provinceOf(location);
  if (data.adjustment) return chooseAdjustment(province);
  if (selected === null) {
    const unit = data.units.find((candidate) => unitProvince(candidate) === province);
    if (!unit) return refuse(`You have no unit to order in ${nameOf(province)}.`);
    selected = { unit, target: null };
    offer([{ label: 'Cancel', act: cancel }]);
    say(
      data.phase === 'RETREATS'
        ? `${unit.unit}: click where it retreats, or it again to disband it.`
        : `${unit.unit}: click where it moves, a unit it supports or convoys, or ${unit.unit} again to hold.`,
    );
    return draw();
  }
  const { unit, target } = selected;
  const select = rowOf(unit.unit);
  if (target !== null) return supportOrConvoy(select, unit, target, location);
  if (province === unitProvince(unit)) {
    const order = unit.choices.find((choice) => choice === `${unit.unit} H` || choice === `${unit.unit} DISBAND`);
    return order ? setRow(select, order) : refuse(`${unit.unit} may not hold.`);
  }
  const moves = unit.choices.filter((order) => provinceOf(moveDestination(order, unit.unit) ?? '') === province);
  const targets = data.phase === 'MOVEMENT' ? targetsIn(unit, province) : [];
  if (targets.length > 0) {
    selected = { unit, target: targets[0] };
    say(`${unit.unit} with ${targets[0]}: click where ${targets[0]} goes, or it again for a support in place.`);
    offer([...moves.map((order) => ({ label: `${describe(order)} instead`, act: () => setRow(select, order) })), { label: 'Cancel', act: cancel }]);
    return draw();
  }
  if (moves.length === 0) return refuse(`${unit.unit} cannot go to ${nameOf(province)}.`);
  pickOne(select, moves, location);
}

function supportOrConvoy(select, unit, target, location) {
  const province = provinceOf(location);
  if (province === provinceOf(locationOf(target))) {
    const order = `${unit.unit} S ${target}`;
    return unit.choices.includes(order) ? setRow(select, order) : refuse(`${unit.unit} cannot support ${target} in place.`);
  }
  const orders = unit.choices.filter((order) => {
    const match = new RegExp(`^${escape(unit.unit)} [SC] ${escape(target)} - (\\S+)$`).exec(order);
    return match !== null && provinceOf(match[1]) === province;
  });
  if (orders.length === 0) return refuse(`${unit.unit} cannot support or convoy ${target} to ${nameOf(province)}.`);
  pickOne(select, orders, location);
}

function chooseAdjustment(province) {
  const building = data.adjustment.count > 0;
  const orders = data.adjustment.choices.filter((order) => order !== 'WAIVE' && provinceOf(locationOf(order.replace(/^\S+ /, ''))) === province);
  if (orders.length === 0) return refuse(building ? `You may not build in ${nameOf(province)}.` : `You have no unit to remove in ${nameOf(province)}.`);
  const free = rows.find((select) => select.value === '');
  if (rows.some((select) => orders.includes(select.value))) return refuse(`${nameOf(province)} is on the list already.`);
  if (!free) return refuse(`Every ${building ? 'build' : 'removal'} due is chosen: take one off the list first.`);
  if (orders.length === 1) return setRow(free, orders[0]);
  say(`What to build in ${nameOf(province)}?`);
  offer([
    ...orders.map((order) => ({ label: describe(order.replace(/^BUILD A /, 'BUILD an army: A ').replace(/^BUILD F /, 'BUILD a fleet: F ')), act: () => setRow(free, order) })),
    { label: 'Cancel', act: cancel },
  ]);
}

/** Each order chosen, drawn over the board: moves as arrows, supports and convoys dashed, holds ringed. */
function draw() {
  marks.replaceChildren();
  const spotOf = (location, dislodged) => {
    const place = data.places[location];
    return place && (dislodged ? place.dislodgedAt : place.at);
  };
  const retreats = data.phase === 'RETREATS';
  if (selected) {
    const at = spotOf(locationOf(selected.unit.unit), retreats);
    if (at) element('circle', { cx: at[0], cy: at[1], r: 18, class: 'selected' }, marks);
    const target = selected.target && spotOf(locationOf(selected.target), false);
    if (target) element('circle', { cx: target[0], cy: target[1], r: 18, class: 'selected target' }, marks);
  }
  list.replaceChildren();
  for (const select of rows) {
    if (select.value === '') continue;
    const order = select.value;
    const item = html('li', {}, order);
    const drop = html('button', { type: 'button', class: 'drop', 'aria-label': `Take ${order} off the list` }, '✕');
    drop.addEventListener('click', () => {
      history.push({ select, before: select.value });
      select.value = hasOption(select, '') ? '' : select.options[0].value;
      say(`${order}: taken off the list.`);
      draw();
    });
    item.append(' ', drop);
    list.append(item);
    drawOrder(order, spotOf, retreats);
  }
  if (list.children.length === 0) list.append(html('li', { class: 'none' }, 'None yet.'));
  undo.disabled = history.length === 0;
}

function drawOrder(order, spotOf, retreats) {
  const words = order.split(' ');
  if (words[0] === 'BUILD' || words[0] === 'REMOVE') {
    const at = spotOf(words[2], false);
    if (at) element('circle', { cx: at[0], cy: at[1], r: 16, class: words[0] === 'BUILD' ? 'build' : 'remove' }, marks);
    return;
  }
  const from = spotOf(words[1], retreats);
  if (!from) return;
  const last = spotOf(words.at(-1) === 'CONVOY' ? words.at(-3) : words.at(-1), false);
  if (words[2] === 'H' || words[2] === 'DISBAND') {
    element('circle', { cx: from[0], cy: from[1], r: 16, class: words[2] === 'H' ? 'hold' : 'remove' }, marks);
  } else if (last && (words[2] === '-' || words[2] === 'S' || words[2] === 'C')) {
    const kind = words[2] === '-' ? 'move' : words[2] === 'S' ? 'support' : 'convoy';
    const line = element('line', { x1: from[0], y1: from[1], x2: last[0], y2: last[1], class: kind }, marks);
    if (kind === 'move') line.setAttribute('marker-end', 'url(#board-arrow)');
  }
}

function nearestPlace(event) {
  const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(overlay.getScreenCTM().inverse());
  let best = null;
  let distance = REACH;
  for (const [location, place] of Object.entries(data.places)) {
    for (const at of data.phase === 'RETREATS' ? [place.at, place.dislodgedAt] : [place.at]) {
      const away = Math.hypot(at[0] - point.x, at[1] - point.y);
      if (away < distance) [best, distance] = [location, away];
    }
  }
  return best;
}

function spotsFor(width, height) {
  overlay.setAttribute('viewBox', `0 0 ${width} ${height}`);
  const arrow = element('marker', { id: 'board-arrow', viewBox: '0 0 10 10', refX: 8, refY: 5, markerWidth: 5, markerHeight: 5, orient: 'auto' }, element('defs', {}, overlay));
  element('path', { d: 'M0,0 L10,5 L0,10 z', class: 'arrowhead' }, arrow);
  const dislodged = new Set(data.phase === 'RETREATS' ? data.units.map((unit) => locationOf(unit.unit)) : []);
  for (const [location, place] of Object.entries(data.places)) {
    const coast = location.includes('/');
    const at = dislodged.has(location) ? place.dislodgedAt : place.at;
    const spot = element(
      'circle',
      { cx: at[0], cy: at[1], r: coast ? 8 : 13, class: coast ? 'spot coast' : 'spot', 'data-place': location, role: 'button', 'aria-label': place.name, tabindex: coast ? -1 : 0 },
      spots,
    );
    spot.addEventListener('click', (event) => {
      event.stopPropagation();
      choose(location);
    });
    spot.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      choose(location);
    });
  }
}

background.addEventListener('click', (event) => {
  const location = nearestPlace(event);
  if (location === null) return refuse('That is no place on the board.');
  choose(location);
});
overlay.addEventListener('keydown', (event) => {
  if (event.key === 'Escape') cancel();
});
undo.addEventListener('click', () => {
  const last = history.pop();
  if (!last) return;
  last.select.value = last.before;
  selected = null;
  offer([]);
  say('Your last click is undone.');
  draw();
});
send.addEventListener('click', () => form.requestSubmit());
form.addEventListener('change', () => draw());
for (const [button, step] of [
  [zoomIn, 1],
  [zoomOut, -1],
]) {
  button.addEventListener('click', () => {
    stage.classList.remove(`zoom-${zoom}`);
    zoom = Math.max(0, Math.min(ZOOM_STEPS - 1, zoom + step));
    stage.classList.add(`zoom-${zoom}`);
    zoomIn.disabled = zoom === ZOOM_STEPS - 1;
    zoomOut.disabled = zoom === 0;
  });
}
zoomOut.disabled = true;
if (data.adjustment && data.adjustment.count > 0 && data.adjustment.choices.includes('WAIVE')) {
  const waive = html('button', { type: 'button', class: 'waive' }, 'Waive a build');
  waive.addEventListener('click', () => {
    const free = rows.find((select) => select.value === '');
    return free ? setRow(free, 'WAIVE') : refuse('Every build due is chosen: take one off the list first.');
  });
  controls.append(waive);
}

async function start() {
  if (!picture.complete) await new Promise((resolve) => picture.addEventListener('load', resolve, { once: true }));
  spotsFor(picture.naturalWidth, picture.naturalHeight);
  say(startText());
  draw();
  section.dataset.ready = 'yes';
}
start();
