/* layoutd dashboard, algebra.js: a CuTe algebra expression drawn step by
 * step: each call's result layout as a small grid beside the final grid,
 * and the final grid of a divide coloured by tile, with a legend.  The
 * step grids are the daemon's own placements of each step's result (one
 * analysis per step).  Uses core.js and grid.js. */
'use strict';

const DIVIDES = new Set(['logical_divide', 'zipped_divide', 'tiled_divide', 'flat_divide']);
const STEP_CAP = 1024;   /* elements of a step drawn as a small grid */
const STEPS_DRAWN = 12;  /* steps drawn at most */

/* The top-level items of a tuple text, split at commas outside brackets. */
function splitTop(t) {
	const out = [];
	let depth = 0, start = 0;
	for (let k = 0; k < t.length; k++) {
		const ch = t[k];
		if (ch === '(' || ch === '<') depth++;
		else if (ch === ')' || ch === '>') depth--;
		else if (ch === ',' && depth === 0) { out.push(t.slice(start, k)); start = k + 1; }
	}
	out.push(t.slice(start));
	return out.map((s) => s.trim());
}
/* The size of a layout or shape text: the product of its shape's numbers. */
function textSize(t) {
	let depth = 0, cut = t.length;
	for (let k = 0; k < t.length; k++) {
		if (t[k] === '(' || t[k] === '<') depth++;
		else if (t[k] === ')' || t[k] === '>') depth--;
		else if (t[k] === ':' && depth === 0) { cut = k; break; }
	}
	const nums = t.slice(0, cut).match(/\d+/g);
	return nums ? nums.reduce((p, x) => p * Number(x), 1) : null;
}
/* A tiler as written: {byMode, sizes} (a tuple <B0,B1,…> or a shape
 * (4,3) divides mode by mode; a layout or an integer divides the whole),
 * or null when it is an expression. */
function parseTiler(t) {
	t = String(t).trim().replace(/^(?:cute::)?make_tile\s*\(([\s\S]*)\)$/, '<$1>');
	if (/[A-Za-z]/.test(t.replace(/\b_(?=\d)/g, ''))) return null;
	let byMode = false, items = [t];
	if (t[0] === '<' && t[t.length - 1] === '>') {
		byMode = true;
		items = splitTop(t.slice(1, -1));
	} else if (t[0] === '(' && splitTop(t).length === 1 && textSize(t) !== null && !/:/.test(t)) {
		byMode = true;
		items = splitTop(t.slice(1, -1));
	}
	const sizes = items.map(textSize);
	if (sizes.some((s) => !s)) return null;
	return {byMode, sizes};
}

/* The tiles of a divide's result over its logical shape: for each
 * logical dimension, the divisor of its coordinate (0: not a rest
 * coordinate) and the number of tiles along it; the tile index is the
 * rest coordinates in colexicographic order, as zipped_divide numbers
 * its rest mode.  Null when the step is not a divide or its tiler is an
 * expression. */
function tilesOf(step, shape) {
	if (!step || !DIVIDES.has(step.op) || !step.args || step.args.length < 2) return null;
	const tiler = parseTiler(step.args[1]);
	if (!tiler) return null;
	const div = shape.map(() => 0), count = shape.map(() => 1);
	if (step.op === 'logical_divide' && tiler.byMode) {
		for (let m = 0; m < shape.length; m++) {
			const b = m < tiler.sizes.length ? tiler.sizes[m] : 1;
			if (shape[m] % b) return null;
			div[m] = b;
			count[m] = shape[m] / b;
		}
	} else {
		const tile = tiler.sizes.reduce((p, x) => p * x, 1);
		let k = 0, p = 1;
		while (k < shape.length && p < tile) p *= shape[k++];
		if (p !== tile || k >= shape.length) return null;
		for (let m = k; m < shape.length; m++) { div[m] = 1; count[m] = shape[m]; }
	}
	const total = count.reduce((p, x) => p * x, 1);
	return total > 1 ? {div, count, total, op: step.op} : null;
}
function tileOf(t, coords) {
	let idx = 0, scale = 1;
	for (let m = 0; m < coords.length; m++) {
		if (!t.div[m]) continue;
		idx += Math.floor(coords[m] / t.div[m]) * scale;
		scale *= t.count[m];
	}
	return idx;
}
/* The tiles of the final grid: the last step, when its result is the
 * expression's result and it divides. */
function finalTiles(a) {
	const alg = a.algebra;
	if (!alg || !alg.steps || !alg.steps.length) return null;
	const last = alg.steps[alg.steps.length - 1];
	if (String(last.result) !== String(alg.result)) return null;
	return tilesOf(last, a.logical.shape);
}

/* The legend of a grid coloured by tile: one key per tile on the page;
 * a key lights the tile's cells. */
function drawTileLegend(c, legend) {
	const box = $('owner-legend');
	const t = c.tile;
	$('grid-sub').textContent = 'logical elements of ' + t.op + '\'s result; colour = tile (the rest coordinates), label = ' +
		(c.axes[0] ? c.axes[0].name : 'place');
	const items = [...legend.entries()].sort((x, y) => Number(x[0]) - Number(y[0])).slice(0, LEGEND_CAP);
	box.replaceChildren(h('span', {class: 'muted small', 'data-testid': 'legend-what'},
		'colour = tile (' + plural(t.total, 'tile') + ', numbered as zipped_divide\'s rest mode):'),
	...items.map(([key, o]) => {
		const el = h('button', {type: 'button', class: 'lg', 'data-testid': 'legend-item', 'data-tile': key,
			title: 'light every element of ' + o.label}, h('span', {class: 'sw', style: 'background:' + o.colour}), o.label);
		el.addEventListener('click', () => lightTile(c, c.selectedTile === key ? null : key));
		return el;
	}),
	...(legend.size > LEGEND_CAP ? [h('span', {class: 'muted small'}, '… and ' + (legend.size - LEGEND_CAP) + ' more on this page')] : []));
	box.hidden = legend.size === 0;
}
function lightTile(c, key) {
	for (const el of document.querySelectorAll('.ownerlit')) el.classList.remove('ownerlit');
	c.selectedTile = key;
	const info = $('owner-selection');
	if (key === null) { info.hidden = true; return; }
	const cells = document.querySelectorAll('#grid [data-tile="' + key + '"], #owner-legend [data-tile="' + key + '"]');
	let n = 0;
	for (const el of cells) { el.classList.add('ownerlit'); if (el.dataset.e !== undefined) n++; }
	info.textContent = 'tile ' + key + ': ' + plural(n, 'element') + ' lit — click it again to clear';
	info.hidden = false;
}

/* One step as a small grid: its result analysed by the daemon, each cell
 * labelled with its offset, coloured by tile for a divide. */
async function drawStep(st, n, serial) {
	const box = h('figure', {class: 'alg-step', 'data-testid': 'alg-step', 'data-op': st.op, 'data-step': n},
		h('figcaption', {}, h('code', {}, st.op + '(' + st.args.join(', ') + ')'), h('br'), '→ ', h('code', {'data-testid': 'alg-step-result'}, String(st.result))));
	$('alg-steps').append(box);
	if (typeof st.result !== 'string') {
		box.append(h('p', {class: 'muted small'}, 'an integer: nothing to draw'));
		return;
	}
	let a;
	try {
		a = (await api('POST', '/v1/analyze', {layout: {cute: String(st.result)}})).data;
	} catch (e) {
		box.append(h('p', {class: 'muted small'}, 'not drawn: ' + (e.problem ? e.problem.detail || e.problem.title : e.message)));
		return;
	}
	if (serial !== loadSerial) return;
	if (!a.logical || a.logical.size > STEP_CAP) {
		box.append(h('p', {class: 'muted small'}, 'not drawn: ' + (a.logical ? plural(a.logical.size, 'element') + ', more than ' + STEP_CAP : 'no placement')));
		return;
	}
	const t = await fetchTable(a.id, 'placement', '0', STEP_CAP);
	if (serial !== loadSerial) return;
	const shape = a.logical.shape, r = shape.length, g = gridGeom(a);
	const tiles = tilesOf(st, shape);
	const offs = new Map();
	for (const row of t.rows) {
		const e = flatOf(row.slice(0, r), shape);
		if (!offs.has(e)) offs.set(e, row.slice(r).join(','));
	}
	const table = h('table', {class: 'stepgrid', 'data-testid': 'alg-step-grid'});
	table.append(h('tr', {}, h('th', {}, g.corner), Array.from({length: g.cols}, (_, k) => h('th', {}, g.colLabel(k)))));
	for (let row = 0; row < g.rows; row++) {
		const tr = h('tr', {}, h('th', {}, g.rowLabel(row)));
		for (let k = 0; k < g.cols; k++) {
			const e = row * g.cols + k;
			if (e >= a.logical.size) { tr.append(h('td')); continue; }
			const coords = unflat(e, shape), tile = tiles ? tileOf(tiles, coords) : null;
			tr.append(h('td', {'data-testid': 'alg-step-cell', 'data-coord': coords.join(','), 'data-tile': tile,
				style: tile !== null ? 'background:' + colorFor(tile) : null,
				title: fmtElem(coords, a.logical.names) + ' → ' + (offs.get(e) || 'no place') + (tile !== null ? ', tile ' + tile : '')},
			offs.has(e) ? offs.get(e) : '·'));
		}
		table.append(tr);
	}
	box.append(h('div', {class: 'scroller'}, table));
}

/* Room for the steps beside the grid, before the grid is drawn. */
function stepsBeside(a) {
	const n = ((a.algebra && a.algebra.steps) || []).length;
	$('grid-row').classList.toggle('with-steps', n > 0);
	$('alg-steps').hidden = !n;
	if (!n) $('alg-steps').replaceChildren();
}

/* The steps of the analysis on screen, beside the final grid. */
async function drawSteps(a, serial) {
	const box = $('alg-steps');
	const steps = (a.algebra && a.algebra.steps) || [];
	box.replaceChildren();
	box.hidden = !steps.length;
	$('grid-row').classList.toggle('with-steps', steps.length > 0);
	if (!steps.length) return;
	box.append(h('h3', {}, 'Steps'), h('p', {class: 'small muted'}, 'each call\'s result, cell = offset' + (steps.some((s) => DIVIDES.has(s.op)) ? '; a divide\'s tiles coloured' : '')));
	for (let n = 0; n < steps.length && n < STEPS_DRAWN; n++) {
		try {
			await drawStep(steps[n], n, serial);
		} catch (e) {
			if (!(e instanceof Problem)) throw e;
		}
		if (serial !== loadSerial) return;
	}
	if (steps.length > STEPS_DRAWN) box.append(h('p', {class: 'small muted'}, '… and ' + (steps.length - STEPS_DRAWN) + ' more steps'));
}
