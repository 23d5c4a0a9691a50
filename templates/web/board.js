// The game page's clickable board (issue 36). Without this script the page is its order form; with
// it, clicks on the board choose the form's own options and the player sends the form as before.
// It makes no order that is not one of the choices the page was given (#board-data), which are the
// options of the form's pulldowns: the board and the form cannot disagree.

const SVG = 'http://www.w3.org/2000/svg';
/** How far from a place's spot, in board pixels, a click still means that place where the board has no outline of it. */
const REACH = 70;
/** The board's widths, zoomed in step by step (style.css's .zoom-N). */
const ZOOM_STEPS = 4;

const data = JSON.parse(document.getElementById('board-data').textContent);
const form = document.getElementById('order-form');
const section = document.getElementById('board');
const picture = section.querySelector('img');
const pictureUrl = picture.getAttribute('src');
const givenOrdersUrl = pictureUrl.replace(/board\.svg$/, 'given-orders');

const rows = () => Array.from(form.querySelectorAll('select[name=order]'));
const provinceOf = (location) => location.split('/')[0];
/** `A PAR` → `PAR`; an nJudge gateway is named by its place alone. */
const locationOf = (unit) => unit.slice(unit.indexOf(' ') + 1);
const nameOf = (location) => data.places[location]?.name ?? location;
const unitProvince = (unit) => provinceOf(locationOf(unit.unit));
const rowLabel = (select) => select.getAttribute('aria-label').replace(/^Order for /, '');
const hasOption = (select, value) => Array.from(select.options).some((option) => option.value === value);
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The unit's own row: of several of the same name (fleets sharing an nJudge high sea), the first still free. */
function rowOf(unit) {
  const own = rows().filter((select) => rowLabel(select) === unit);
  return own.find((select) => select.value === '') ?? own[0];
}

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

// The board: the picture itself, drawn inline in a stage that zooms inside a scrolling view.
const view = html('div', { class: 'board-view' });
const stage = html('div', { class: 'board-stage' });
/** The board picture (set by start()), and its groups for the orders being given and the player's clicks. */
let board = null;
let givenUnder = null;
let givenOver = null;
let marks = null;
let spots = null;

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

/** What the player has clicked so far: a unit of theirs, then perhaps a unit it is to support or convoy; `extra` when the order goes on a row of its own. */
let selected = null;
/** Each click's change to the form, for the undo button: a row's value before it, or a row the click added. */
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

/** NO_CHECK: a row of its own for another order of `unit`, after its last row, as the form shows one on file. */
function addRow(unit) {
  const own = rows().filter((select) => rowLabel(select) === unit || rowLabel(select).startsWith(`${unit},`));
  const label = own.at(-1).closest('label').cloneNode(true);
  const select = label.querySelector('select');
  select.setAttribute('aria-label', `Order for ${unit}, another order`);
  select.value = '';
  label.querySelector('span').textContent = `${unit}, another order`;
  own.at(-1).closest('label').after(label);
  history.push({ added: label });
  return select;
}

function setRow(select, order) {
  if (!select || !hasOption(select, order)) return refuse(`${order} is not an order you may give now.`);
  if (selected?.extra) select = addRow(selected.unit.unit);
  else history.push({ select, before: select.value });
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

function choose(location) {
  const province = provinceOf(location);
  if (data.adjustment) return chooseAdjustment(province);
  if (selected === null) {
    const here = data.units.filter((candidate) => unitProvince(candidate) === province);
    const names = [...new Set(here.map((unit) => unit.unit))];
    if (names.length === 0) return refuse(`You have no unit to order in ${nameOf(province)}.`);
    if (names.length === 1) return select(here[0]);
    // An nJudge gateway and a unit in its place, say: asked which.
    say(`Which one in ${nameOf(province)}?`);
    return offer([...names.map((name) => ({ label: name, act: () => select(here.find((unit) => unit.unit === name)) })), { label: 'Cancel', act: cancel }]);
  }
  const { unit, target } = selected;
  const row = rowOf(unit.unit);
  if (target !== null) return supportOrConvoy(row, unit, target, location);
  if (province === unitProvince(unit)) {
    const order = unit.choices.find((choice) => choice === `${unit.unit} H` || choice === `${unit.unit} DISBAND`);
    return order ? setRow(row, order) : refuse(`${unit.unit} may not hold.`);
  }
  const moves = unit.choices.filter((order) => provinceOf(moveDestination(order, unit.unit) ?? '') === province);
  const targets = data.phase === 'MOVEMENT' ? targetsIn(unit, province) : [];
  if (targets.length > 0) {
    selected = { ...selected, target: targets[0] };
    say(`${unit.unit} with ${targets[0]}: click where ${targets[0]} goes, or it again for a support in place.`);
    offer([...moves.map((order) => ({ label: `${describe(order)} instead`, act: () => setRow(row, order) })), { label: 'Cancel', act: cancel }]);
    return draw();
  }
  if (moves.length === 0) return refuse(`${unit.unit} cannot go to ${nameOf(province)}.`);
  pickOne(row, moves, location);
}

/** A unit chosen: the orders no click on a place can say (PROXY_OK's hand-overs, NO_CHECK's further orders) are offered beside the board. */
function select(unit) {
  selected = { unit, target: null, extra: false };
  const row = rowOf(unit.unit);
  const proxies = unit.choices.filter((order) => new RegExp(`^${escape(unit.unit)} P \\S+$`).test(order));
  const more = [];
  if (data.extraRows && row.value !== '') {
    more.push({
      label: `Another order for ${unit.unit}`,
      act: () => {
        selected.extra = true;
        say(`${unit.unit}, another order (a unit given two holds): click where it moves, a unit it supports or convoys, or it again to hold.`);
      },
    });
  }
  offer([
    ...proxies.map((order) => ({ label: `Hand ${unit.unit} to ${order.split(' ').at(-1)} (proxy)`, act: () => setRow(row, order) })),
    ...more,
    { label: 'Cancel', act: cancel },
  ]);
  say(
    data.phase === 'RETREATS'
      ? `${unit.unit}: click where it retreats, or it again to disband it.`
      : `${unit.unit}: click where it moves, a unit it supports or convoys, or ${unit.unit} again to hold.`,
  );
  draw();
}

function supportOrConvoy(row, unit, target, location) {
  const province = provinceOf(location);
  if (province === provinceOf(locationOf(target))) {
    const order = `${unit.unit} S ${target}`;
    return unit.choices.includes(order) ? setRow(row, order) : refuse(`${unit.unit} cannot support ${target} in place.`);
  }
  const orders = unit.choices.filter((order) => {
    const match = new RegExp(`^${escape(unit.unit)} [SC] ${escape(target)} - (\\S+)$`).exec(order);
    return match !== null && provinceOf(match[1]) === province;
  });
  if (orders.length === 0) return refuse(`${unit.unit} cannot support or convoy ${target} to ${nameOf(province)}.`);
  pickOne(row, orders, location);
}

function chooseAdjustment(province) {
  const building = data.adjustment.count > 0;
  const orders = data.adjustment.choices.filter((order) => order !== 'WAIVE' && provinceOf(locationOf(order.replace(/^\S+ /, ''))) === province);
  if (orders.length === 0) return refuse(building ? `You may not build in ${nameOf(province)}.` : `You have no unit to remove in ${nameOf(province)}.`);
  const free = rows().find((row) => row.value === '');
  if (rows().some((row) => orders.includes(row.value))) return refuse(`${nameOf(province)} is on the list already.`);
  if (!free) return refuse(`Every ${building ? 'build' : 'removal'} due is chosen: take one off the list first.`);
  if (orders.length === 1) return setRow(free, orders[0]);
  say(`What to build in ${nameOf(province)}?`);
  offer([
    ...orders.map((order) => ({ label: describe(order.replace(/^BUILD A /, 'BUILD an army: A ').replace(/^BUILD F /, 'BUILD a fleet: F ')), act: () => setRow(free, order) })),
    { label: 'Cancel', act: cancel },
  ]);
}

/** The list beside the board and the board's marks: the clicked unit ringed, the orders as the results draw them. */
function draw() {
  if (!board) return;
  marks.replaceChildren();
  const spotOf = (location, dislodged) => {
    const place = data.places[location];
    return place && (dislodged ? place.dislodgedAt : place.at);
  };
  if (selected) {
    const at = spotOf(locationOf(selected.unit.unit), data.phase === 'RETREATS');
    if (at) element('circle', { cx: at[0], cy: at[1], r: 18, class: 'selected' }, marks);
    const target = selected.target && spotOf(locationOf(selected.target), false);
    if (target) element('circle', { cx: target[0], cy: target[1], r: 18, class: 'selected target' }, marks);
  }
  list.replaceChildren();
  const given = [];
  for (const row of rows()) {
    if (row.value === '') continue;
    const order = row.value;
    given.push(order);
    const item = html('li', {}, order);
    const drop = html('button', { type: 'button', class: 'drop', 'aria-label': `Take ${order} off the list` }, '✕');
    drop.addEventListener('click', () => {
      history.push({ select: row, before: row.value });
      row.value = hasOption(row, '') ? '' : row.options[0].value;
      say(`${order}: taken off the list.`);
      draw();
    });
    item.append(' ', drop);
    list.append(item);
  }
  if (list.children.length === 0) list.append(html('li', { class: 'none' }, 'None yet.'));
  undo.disabled = history.length === 0;
  drawGiven(given);
}

/** The last drawing asked for: an answer to an earlier one comes too late to draw. */
let drawing = 0;

/** The orders drawn on the board by the judge's own renderer of the results pictures. */
async function drawGiven(orders) {
  const asked = ++drawing;
  const query = new URLSearchParams(orders.map((order) => ['order', order]));
  const answer = await fetch(`${givenOrdersUrl}?${query}`, { headers: { accept: 'application/json' } });
  if (!answer.ok || asked !== drawing) return;
  const { under, over } = await answer.json();
  if (asked !== drawing) return;
  givenUnder.replaceChildren(...markup(under));
  givenOver.replaceChildren(...markup(over));
  board.dataset.drawn = orders.join('\n');
}

/** SVG markup from the judge as nodes of this document. */
function markup(text) {
  const parsed = new DOMParser().parseFromString(`<svg xmlns="${SVG}">${text}</svg>`, 'image/svg+xml');
  return Array.from(parsed.documentElement.childNodes, (node) => document.importNode(node, true));
}

/**
 * The place whose outline on the board is under the pointer: the board's own province shapes (a
 * drawing's areas named after their province, a laid-out board's cells named by their titles).
 * Where the board has no outline there, the place whose spot is nearest, within reach.
 */
function placeAt(event) {
  const hit = document.elementsFromPoint(event.clientX, event.clientY).find((found) => found.closest?.('[data-area]'));
  if (hit) return hit.closest('[data-area]').dataset.area;
  const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(board.getScreenCTM().inverse());
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

/** Marks each province outline of the picture with the place it is: a drawing's `art-<place>` areas, a laid-out board's cells titled `Name (ABBR)`. */
function nameAreas() {
  const known = (name) => (data.places[name] ? name : null);
  for (const area of board.querySelectorAll('[id^="art-"]')) {
    const place = known(area.id.slice(4).toUpperCase().replace(/-/g, '/'));
    if (place) area.dataset.area = place;
  }
  for (const title of board.querySelectorAll('polygon > title')) {
    const place = known(/\(([^()]+)\)$/.exec(title.textContent)?.[1] ?? '');
    if (place) title.parentNode.dataset.area = place;
  }
}

function addSpots() {
  const dislodged = new Set(data.phase === 'RETREATS' ? data.units.map((unit) => locationOf(unit.unit)) : []);
  for (const [location, place] of Object.entries(data.places)) {
    const coast = location.includes('/');
    const at = dislodged.has(location) ? place.dislodgedAt : place.at;
    const spot = element(
      'circle',
      { cx: at[0], cy: at[1], r: coast ? 8 : 13, class: coast ? 'spot coast' : 'spot', 'data-place': location, role: 'button', 'aria-label': place.name, tabindex: coast ? -1 : 0 },
      spots,
    );
    spot.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      choose(location);
    });
  }
}

/** The board picture, fetched and drawn inline so that its own shapes take the clicks; null when it cannot be had. */
async function inlineBoard() {
  const answer = await fetch(pictureUrl, { headers: { accept: 'image/svg+xml' } });
  if (!answer.ok) return null;
  const parsed = new DOMParser().parseFromString(await answer.text(), 'image/svg+xml');
  if (parsed.documentElement.localName !== 'svg') return null;
  return document.importNode(parsed.documentElement, true);
}

async function start() {
  board = await inlineBoard().catch(() => null);
  if (!board) return;
  // The picture's own width, which a wide screen shows it at (style.css) so that its names can be read.
  const ownWidth = parseFloat(board.getAttribute('width') ?? '') || board.viewBox.baseVal.width;
  if (ownWidth > 0) board.style.setProperty('--own-width', `${ownWidth}px`);
  board.removeAttribute('width');
  board.removeAttribute('height');
  board.setAttribute('class', 'board-picture');
  board.setAttribute('role', 'group');
  board.setAttribute('aria-label', 'The board: choose a place to order');
  // The orders being given go where the results draw theirs: lines under the units and names, crosses and ghosts over them.
  const units = board.querySelector('#units');
  givenUnder = element('g', { class: 'given-orders' });
  givenOver = element('g', { class: 'given-orders' });
  units.previousElementSibling.before(givenUnder);
  units.after(givenOver);
  marks = element('g', { class: 'board-marks', 'aria-hidden': 'true' }, board);
  spots = element('g', { class: 'board-spots' }, board);
  nameAreas();
  addSpots();
  picture.replaceWith(view);
  view.append(stage);
  stage.append(board);
  section.classList.add('clickable');
  view.after(panel);
  board.addEventListener('click', (event) => {
    const location = event.target.closest('[data-place]')?.dataset.place ?? placeAt(event);
    if (location === null) return refuse('That is no place on the board.');
    choose(location);
  });
  board.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') cancel();
  });
  say(startText());
  draw();
  section.dataset.ready = 'yes';
}

undo.addEventListener('click', () => {
  const last = history.pop();
  if (!last) return;
  if (last.added) last.added.remove();
  else last.select.value = last.before;
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
    const free = rows().find((row) => row.value === '');
    return free ? setRow(free, 'WAIVE') : refuse('Every build due is chosen: take one off the list first.');
  });
  controls.append(waive);
}

start();
