/* layoutd dashboard, grid.js: the placement grid and the
 * inverse view: geometry, loading the placement table, drawing, the colour
 * legend, click-to-select, exports and hover.  Uses core.js. */
'use strict';

/* ---------- geometry ---------- */
const prod = (xs) => xs.reduce((p, x) => p * x, 1);
function flatOf(coords, shape) {
	let f = 0;
	for (let k = 0; k < shape.length; k++) f = f * shape[k] + coords[k];
	return f;
}
function unflat(f, shape) {
	const c = new Array(shape.length);
	for (let k = shape.length - 1; k >= 0; k--) { c[k] = f % shape[k]; f = Math.floor(f / shape[k]); }
	return c;
}
function colorFor(n) { return 'hsl(' + ((n * 137.508) % 360).toFixed(1) + ',70%,80%)'; }

/* Rows and columns of the placement grid: the last logical dimension across,
 * the others down; 1-D (or very wide) tiles wrap. */
function gridGeom(a) {
	const shape = a.logical.shape, names = a.logical.names, r = shape.length, size = a.logical.size;
	if (r >= 2 && shape[r - 1] <= 512) {
		const cols = shape[r - 1];
		return {cols, rows: size / cols, wrap: false,
			corner: names.slice(0, r - 1).join(',') + ' \\ ' + names[r - 1],
			rowLabel: (row) => unflat(row * cols, shape).slice(0, r - 1).join(','),
			colLabel: (c) => String(c)};
	}
	const cols = Math.max(1, Math.min(size, r === 1 ? 32 : 64));
	return {cols, rows: Math.ceil(size / cols), wrap: true,
		corner: r === 1 ? names[0] : 'flat',
		rowLabel: (row) => String(row * cols), colLabel: (c) => '+' + c};
}

/* Rows and columns of the inverse view: owners down, slots across; without
 * owner axes the first axis down and the rest across, or a wrapped 1-D axis. */
function invGeom(c, wrapWidth) {
	const axes = c.axes, ext = axes.map((x) => x.extent);
	if (c.bank) {
		/* a shared-memory layout: its offsets wrapped, a row a line of the
		 * 32 banks by default, so that each row's swizzle phase shows */
		const ax = c.bank.axis, n = ext[ax], w = Math.max(1, Math.min(wrapWidth, n));
		const place = (o) => { const p = ext.map(() => 0); p[ax] = o; return p; };
		return {wrap: true, cols: w, rows: Math.ceil(n / w),
			corner: axes[ax].name, rowLabel: (r) => String(r * w), colLabel: (k) => '+' + k,
			at: (r, k) => (r * w + k < n ? place(r * w + k) : null),
			rc: (p) => [Math.floor(p[ax] / w), p[ax] % w]};
	}
	let rowAx = c.ownerIdx, colAx = c.slotIdx;
	if (!rowAx.length) {
		if (axes.length === 1) {
			const w = Math.max(1, Math.min(wrapWidth, ext[0]));
			return {wrap: true, cols: w, rows: Math.ceil(ext[0] / w),
				corner: axes[0].name, rowLabel: (r) => String(r * w), colLabel: (k) => '+' + k,
				at: (r, k) => (r * w + k < ext[0] ? [r * w + k] : null),
				rc: (p) => [Math.floor(p[0] / w), p[0] % w]};
		}
		rowAx = [0];
		colAx = axes.map((_, k) => k).slice(1);
	}
	const rext = rowAx.map((k) => ext[k]), cext = colAx.map((k) => ext[k]);
	return {wrap: false, rows: prod(rext), cols: prod(cext),
		corner: rowAx.map((k) => axes[k].name).join(',') + ' \\ ' + (colAx.map((k) => axes[k].name).join(',') || '—'),
		rowLabel: (r) => unflat(r, rext).join(','), colLabel: (k) => colAx.length ? unflat(k, cext).join(',') : '',
		at: (r, k) => {
			const p = new Array(axes.length);
			const rv = unflat(r, rext), cv = unflat(k, cext);
			rowAx.forEach((ax, n) => { p[ax] = rv[n]; });
			colAx.forEach((ax, n) => { p[ax] = cv[n]; });
			return p;
		},
		rc: (p) => [flatOf(rowAx.map((ax) => p[ax]), rext), flatOf(colAx.map((ax) => p[ax]), cext)]};
}

/* ---------- loading the tables ---------- */
let loadSerial = 0;

async function fetchTable(id, view, after, limit) {
	const q = '/v1/analyses/' + encodeURIComponent(id) + '/table?format=json&view=' + view + '&after=' + after + '&limit=' + limit;
	return (await api('GET', q)).data;
}

function inBounds(p, axes) {
	for (let k = 0; k < p.length; k++) if (p[k] < 0 || p[k] >= axes[k].extent) return false;
	return true;
}

/* Add placement rows (logical coords then axis coords) to the maps. */
function addPlacementRows(c, rows) {
	const r = c.a.logical.shape.length;
	for (const row of rows) {
		const e = flatOf(row.slice(0, r), c.a.logical.shape);
		const p = row.slice(r);
		let list = c.places.get(e);
		if (!list) c.places.set(e, list = []);
		list.push(p);
		if (!inBounds(p, c.axes)) continue;
		const key = p.join(',');
		let at = c.at.get(key);
		if (!at) c.at.set(key, at = []);
		at.push(e);
	}
}

/* A shared-memory layout: one memory axis, and no owner axis but ones of
 * extent 1 (the block of a Triton shared layout).  Its grid is coloured
 * by bank: offset × element bits / 32 mod the banks (32, or the access
 * target's: 64 on gfx950). */
function bankMode(a, req, axes, ownerIdx, slotIdx) {
	if (slotIdx.length !== 1 || axes[slotIdx[0]].kind !== 'memory' || ownerIdx.some((k) => axes[k].extent !== 1)) return null;
	const st = a.structure || {}, L = (req && req.layout) || {};
	const known = [[L.element_bits, 'the layout\'s element_bits'], [st.swizzle && st.swizzle.element_bits, 'the layout\'s element type'],
		[st.ttgir && st.ttgir.element_bits, 'the TTGIR element type'], [a.access && a.access.element_bits, 'the access\'s element_bits']]
		.find(([b]) => Number.isInteger(b) && b > 0);
	const banks = (a.access && a.access.space !== 'global' && a.access.banks) || 32;
	return {axis: slotIdx[0], bits: known ? known[0] : 32, from: known ? known[1] : 'unknown, 32 bits assumed', banks};
}
function bankOf(c, p) { return Math.floor(p[c.bank.axis] * c.bank.bits / 32) % c.bank.banks; }

function newModel(a, req) {
	const axes = a.physical.axes;
	const ownerIdx = [], slotIdx = [];
	axes.forEach((x, k) => (OWNER_KINDS.has(x.kind) ? ownerIdx : slotIdx).push(k));
	return {a, req, axes, ownerIdx, slotIdx, bank: bankMode(a, req, axes, ownerIdx, slotIdx), tile: finalTiles(a),
		places: new Map(), at: new Map(),
		mode: a.placements <= FULL_ROWS ? 'full' : 'paged',
		gridPage: 0, invPage: 0, gridCursors: ['0'], invCursors: ['0'], gridNext: null, invNext: null,
		known: null, invKnown: null};
}

async function loadViews(a, req) {
	const serial = ++loadSerial;
	const c = newModel(a, req);
	cur = c;
	/* the inverse of a shared-memory layout: one 128-byte line per row */
	if (c.bank) $('wrap').value = String(Math.max(1, Math.floor(1024 / c.bank.bits)));
	$('views').hidden = false;
	$('grid').replaceChildren(h('p', {class: 'muted'}, 'loading the placement table…'));
	$('inverse').replaceChildren();
	try {
		if (c.mode === 'full') {
			let after = '0';
			while (after !== null) {
				const t = await fetchTable(a.id, 'placement', after, CHUNK);
				if (serial !== loadSerial) return;
				addPlacementRows(c, t.rows);
				after = t.next;
			}
		}
		renderTmem(c);
		stepsBeside(a);
		await drawGrid(c, serial);
		await drawInverse(c, serial);
		await drawSteps(a, serial);
	} catch (e) {
		if (serial !== loadSerial) return;
		$('grid').replaceChildren(h('p', {class: 'error'}, 'could not load the table: ' + e.message));
	}
}

/* ---------- the placement grid ---------- */
/* Both views are rows of cells (flex rows, so that the browser can skip
 * laying out and painting the rows out of sight). */
function headRow(g, cols) {
	const parts = ['<div class="gr head"><div class="hd corner" title="' + esc(g.corner) + '">' + esc(g.corner) + '</div>'];
	for (let k = 0; k < cols; k++) {
		const l = esc(g.colLabel(k));
		parts.push('<div class="hd col" data-l="' + l + '">' + l + '</div>');
	}
	parts.push('</div>');
	return parts;
}

function ownerLinear(c, p) {
	let n = 0;
	for (const k of c.ownerIdx) n = n * c.axes[k].extent + p[k];
	return n;
}
function cellLabel(c, p) {
	if (c.bank) return String(p[c.bank.axis]);
	if (c.ownerIdx.length)
		return c.ownerIdx.map((k) => p[k]).join(',') + (c.slotIdx.length ? '/' + c.slotIdx.map((k) => p[k]).join(',') : '');
	return p.join(',');
}

function setZoom() {
	const z = Number($('zoom').value);
	document.documentElement.style.setProperty('--cell', z + 'px');
	document.body.classList.toggle('tiny', z < 22);
	fitHeads();
}

/* Column headers narrower than their labels: label every step-th column
 * (a power of two), the label running over the empty headers after it,
 * so that no two labels overlap at any zoom. */
let headMeasure = null;
function fitHeads() {
	const z = Number($('zoom').value);
	for (const id of ['grid', 'inverse']) {
		const heads = $(id) ? $(id).querySelectorAll('.gr.head .hd.col') : [];
		if (!heads.length) continue;
		if (!headMeasure) {
			headMeasure = document.createElement('canvas').getContext('2d');
			const cs = getComputedStyle(heads[0]);
			headMeasure.font = cs.fontSize + ' ' + cs.fontFamily;
		}
		let longest = '';
		for (const el of heads) if (el.dataset.l.length > longest.length) longest = el.dataset.l;
		const need = headMeasure.measureText(longest).width + 4;
		let step = 1;
		while (step * (z + 1) - 1 < need && step < heads.length) step *= 2;
		for (let k = 0; k < heads.length; k++) {
			const el = heads[k], show = k % step === 0;
			el.textContent = show ? el.dataset.l : '';
			el.classList.toggle('lead', show && step > 1);
		}
	}
}

function autoZoom(cols, labelLen) {
	const share = $('grid-row').classList.contains('with-steps') ? 0.55 : 1;   /* the algebra steps beside */
	const avail = Math.max(320, share * ($('views').clientWidth || 1000) - 80);
	let z = Math.floor(avail / Math.max(1, cols));
	z = Math.max(8, Math.min(z, Math.max(30, 7 * labelLen + 8), 64));
	$('zoom').value = String(z);
	setZoom();
}

async function drawGrid(c, serial) {
	const a = c.a, g = gridGeom(a), shape = a.logical.shape, size = a.logical.size;
	let r0, r1, note = '';
	let lo = 0, hi = size - 1;
	if (c.mode === 'full') {
		const rpp = Math.max(1, Math.floor(CELL_CAP / g.cols));
		const pages = Math.ceil(g.rows / rpp);
		c.gridPage = Math.max(0, Math.min(c.gridPage, pages - 1));
		r0 = c.gridPage * rpp;
		r1 = Math.min(g.rows, r0 + rpp);
		$('grid-prev').disabled = c.gridPage === 0;
		$('grid-next').disabled = c.gridPage >= pages - 1;
		note = pages > 1 ? 'page ' + (c.gridPage + 1) + ' of ' + pages + ': ' : '';
	} else {
		/* Paged from the server: one page of table rows, in element order. */
		const t = await fetchTable(a.id, 'placement', c.gridCursors[c.gridPage], CELL_CAP);
		if (serial !== loadSerial) return;
		c.places = new Map();
		c.at = new Map();
		addPlacementRows(c, t.rows);
		c.gridNext = t.next;
		const r = shape.length;
		if (t.rows.length) {
			lo = flatOf(t.rows[0].slice(0, r), shape);
			hi = flatOf(t.rows[t.rows.length - 1].slice(0, r), shape);
		} else {
			lo = 0; hi = -1;
		}
		r0 = Math.floor(Math.max(lo, 0) / g.cols);
		r1 = Math.min(g.rows, Math.floor(Math.max(hi, lo) / g.cols) + 1);
		if ((r1 - r0) * g.cols > CELL_CAP + 2 * g.cols) r1 = r0 + Math.max(1, Math.floor(CELL_CAP / g.cols));
		$('grid-prev').disabled = c.gridPage === 0;
		$('grid-next').disabled = !t.next;
		note = 'table rows ' + c.gridCursors[c.gridPage] + '–' + (Number(c.gridCursors[c.gridPage]) + t.rows.length) + ' of ' + t.total + ' (collisions marked within this page): ';
	}
	$('grid-page').textContent = note + (g.wrap ? 'elements ' + r0 * g.cols + '–' + (Math.min(size, r1 * g.cols) - 1) : 'rows ' + r0 + '–' + (r1 - 1)) + ' of ' + size + ' elements';
	$('grid').closest('.views').querySelector('[data-testid=grid-pager]').hidden = c.mode === 'full' && r0 === 0 && r1 === g.rows;

	let maxLabel = 1;
	const legend = new Map();   /* owner key -> {colour, label} of this page */
	const parts = headRow(g, g.cols);
	let rowHd = g.corner.length;
	for (let row = r0; row < r1; row++) {
		const rl = g.rowLabel(row);
		rowHd = Math.max(rowHd, rl.length);
		parts.push('<div class="gr"><div class="hd row">' + esc(rl) + '</div>');
		for (let k = 0; k < g.cols; k++) {
			const e = row * g.cols + k;
			if (e >= size) { parts.push('<div class="pad"></div>'); continue; }
			const coord = unflat(e, shape).join(',');
			if (e < lo || e > hi) {
				parts.push('<div class="c unk" data-testid="grid-cell" data-e="' + e + '" data-coord="' + coord + '">?</div>');
				continue;
			}
			const ps = c.places.get(e);
			if (!ps || !ps.length) {
				parts.push('<div class="c unp" data-testid="grid-cell" data-e="' + e + '" data-coord="' + coord + '" data-state="unplaced"></div>');
				continue;
			}
			let collide = false, oob = false;
			for (const p of ps) {
				if (!inBounds(p, c.axes)) { oob = true; continue; }
				const at = c.at.get(p.join(','));
				if (at && at.length > 1) collide = true;
			}
			const first = ps.find((p) => inBounds(p, c.axes)) || ps[0];
			const label = cellLabel(c, first);
			if (label.length > maxLabel) maxLabel = label.length;
			const tile = c.tile ? tileOf(c.tile, unflat(e, shape)) : null;
			const colour = colorFor(tile !== null ? tile : c.bank ? bankOf(c, first) : c.ownerIdx.length ? ownerLinear(c, first) : (first[0] || 0));
			const okey = tile !== null ? String(tile) : ownerKey(c, first);
			if (!legend.has(okey)) legend.set(okey, {colour, label: tile !== null ? 'tile ' + tile : ownerText(c, first)});
			let cls = 'c';
			if (collide) cls += ' col';
			if (oob) cls += ' oob';
			if (ps.length > 1) cls += ' rep';
			parts.push('<div class="' + cls + '" data-testid="grid-cell" data-e="' + e + '" data-coord="' + coord + '"' +
				(collide ? ' data-state="collision"' : oob ? ' data-state="oob"' : '') +
				(ps.length > 1 ? ' data-rep="×' + ps.length + '"' : '') + (tile !== null ? ' data-tile="' + tile + '"' : '') +
				' style="background:' + colour + '">' + esc(label) + '</div>');
		}
		parts.push('</div>');
	}
	const grid = $('grid');
	grid.style.setProperty('--rowhd', (rowHd * 6.2 + 10).toFixed(0) + 'px');
	grid.classList.toggle('big', (r1 - r0) * g.cols > 4096);
	grid.innerHTML = parts.join('');
	c.cellByE = new Map();
	for (const el of grid.querySelectorAll('[data-e]')) c.cellByE.set(Number(el.dataset.e), el);
	if (!c.zoomed) { autoZoom(g.cols, maxLabel); c.zoomed = true; }
	c.gridRows = [r0, r1];
	fitHeads();
	if ($('download-svg')) $('download-svg').textContent = svgLabel(c);
	drawLegend(c, legend);
	c.ownerCells = null;
	selectOwner(c, null);
	c.selectedTile = null;
}

/* ---------- owners: the colour legend and click-to-select ---------- */
const LEGEND_CAP = 64;
function ownerKey(c, p) {
	if (c.bank) return String(bankOf(c, p));
	return c.ownerIdx.length ? c.ownerIdx.map((k) => p[k]).join(',') : String(p[0] || 0);
}
function ownerText(c, p) {
	if (c.bank) return 'bank ' + bankOf(c, p);
	return c.ownerIdx.length ? c.ownerIdx.map((k) => c.axes[k].name + '=' + p[k]).join(' ')
		: (c.axes[0] ? c.axes[0].name + '=' + (p[0] || 0) : '');
}
function drawLegend(c, legend) {
	if (c.tile) return drawTileLegend(c, legend);
	const box = $('owner-legend');
	$('grid-sub').textContent = c.bank ? 'logical elements of a shared-memory layout; colour = bank, label = ' + c.axes[c.bank.axis].name
		: c.ownerIdx.length ? 'logical elements; colour and label = owner/slot' : 'logical elements; colour and label = place';
	const what = c.ownerIdx.length ? 'owner (' + c.ownerIdx.map((k) => c.axes[k].name).join(', ') + ')' : (c.axes[0] ? c.axes[0].name : 'place');
	if (c.bank) {
		/* a shared-memory layout: one colour per bank, a key to light one */
		const name = c.axes[c.bank.axis].name;
		const items = [...legend.entries()].sort((x, y) => Number(x[0]) - Number(y[0]));
		box.replaceChildren(h('span', {class: 'muted small', 'data-testid': 'legend-what'},
			'colour = bank (' + name + ' × ' + c.bank.bits + ' bits / 32 mod ' + c.bank.banks + '; element width: ' + c.bank.from + '), label = ' + name + ':'),
		...items.map(([key, o]) => {
			const el = h('button', {type: 'button', class: 'lg', 'data-testid': 'legend-item', 'data-owner': key,
				title: 'light every element in ' + o.label}, h('span', {class: 'sw', style: 'background:' + o.colour}), o.label);
			el.addEventListener('click', () => selectOwner(c, c.selectedOwner === key ? null : key));
			return el;
		}));
		box.hidden = legend.size === 0;
		return;
	}
	if (!c.ownerIdx.length) {
		/* no owner: the colour only tells places apart, a key would be noise */
		box.replaceChildren(h('span', {class: 'muted small'}, 'colour = ' + what + ' (no owner axis)'));
		box.hidden = legend.size === 0;
		return;
	}
	const items = [...legend.entries()].slice(0, LEGEND_CAP);
	box.replaceChildren(h('span', {class: 'muted small'}, 'colour = ' + what + ':'),
		...items.map(([key, o]) => {
			const el = h('button', {type: 'button', class: 'lg', 'data-testid': 'legend-item', 'data-owner': key,
				title: 'light every element of ' + o.label},
				h('span', {class: 'sw', style: 'background:' + o.colour}), o.label);
			el.addEventListener('click', () => selectOwner(c, c.selectedOwner === key ? null : key));
			return el;
		}),
		...(legend.size > LEGEND_CAP ? [h('span', {class: 'muted small'}, '… and ' + (legend.size - LEGEND_CAP) + ' more on this page')] : []));
	box.hidden = legend.size === 0;
}
/* Light every cell held by one owner (a thread's values); null clears. */
function selectOwner(c, key) {
	for (const el of document.querySelectorAll('.ownerlit')) el.classList.remove('ownerlit');
	c.selectedOwner = key;
	const info = $('owner-selection');
	if (key === null) { info.hidden = true; return; }
	if (!c.ownerCells) {
		c.ownerCells = new Map();
		for (const [e, ps] of c.places) {
			const seen = new Set();
			for (const p of ps) {
				if (!inBounds(p, c.axes)) continue;
				const k = ownerKey(c, p);
				if (seen.has(k)) continue;
				seen.add(k);
				if (!c.ownerCells.has(k)) c.ownerCells.set(k, []);
				c.ownerCells.get(k).push(e);
			}
		}
	}
	const es = c.ownerCells.get(key) || [];
	let shown = 0;
	for (const e of es) {
		const el = c.cellByE && c.cellByE.get(e);
		if (el) { el.classList.add('ownerlit'); shown++; }
	}
	for (const el of document.querySelectorAll('[data-testid="legend-item"][data-owner="' + key + '"]')) el.classList.add('ownerlit');
	const ps = (c.places.get(es[0]) || []).find((p) => inBounds(p, c.axes) && ownerKey(c, p) === key);
	info.textContent = (ps ? ownerText(c, ps) : key) + ': ' + plural(es.length, 'element') + ' lit' +
		(shown < es.length ? ' (' + shown + ' on this page)' : '') + ' — click it again to clear';
	info.hidden = false;
}
function clickElement(ev) {
	const c = cur;
	const el = ev.target.closest('[data-e]');
	if (!c || !el) return;
	if (c.tile) return lightTile(c, el.dataset.tile === undefined || c.selectedTile === el.dataset.tile ? null : el.dataset.tile);
	const ps = (c.places.get(Number(el.dataset.e)) || []).filter((p) => inBounds(p, c.axes));
	if (!ps.length) return selectOwner(c, null);
	const key = ownerKey(c, ps[0]);
	selectOwner(c, c.selectedOwner === key ? null : key);
}

/* ---------- export: SVG, PNG, TikZ of the grid page on screen ---------- */
function hslToRgb(hsl) {
	const m = /hsl\(([\d.]+),(\d+)%,(\d+)%\)/.exec(hsl);
	if (!m) return [255, 255, 255];
	const hh = Number(m[1]) / 360, sat = Number(m[2]) / 100, l = Number(m[3]) / 100;
	const q = l < 0.5 ? l * (1 + sat) : l + sat - l * sat, p = 2 * l - q;
	const f = (t) => {
		t = (t + 1) % 1;
		if (t < 1 / 6) return p + (q - p) * 6 * t;
		if (t < 1 / 2) return q;
		if (t < 2 / 3) return p + (q - p) * (2 / 3 - t) * 6;
		return p;
	};
	return [f(hh + 1 / 3), f(hh), f(hh - 1 / 3)].map((x) => Math.round(x * 255));
}
/* The cells of the grid page: {row, col, label, colour, state}. */
function gridCells(c) {
	const g = gridGeom(c.a), out = [];
	const [r0, r1] = c.gridRows || [0, 0];
	for (let row = r0; row < r1; row++) {
		for (let k = 0; k < g.cols; k++) {
			const e = row * g.cols + k;
			const el = c.cellByE && c.cellByE.get(e);
			if (!el) continue;
			out.push({row: row - r0, col: k, label: el.textContent, colour: el.style.background || '',
				state: el.dataset.state || (el.classList.contains('unk') ? 'unknown' : '')});
		}
	}
	return {g, r0, r1, cells: out};
}
function exportSvg(c) {
	const {g, r0, r1, cells} = gridCells(c);
	const W = 44, H = 28, X0 = 56, Y0 = 24;
	const w = X0 + g.cols * W + 4, hgt = Y0 + (r1 - r0) * H + 4;
	const parts = ['<svg xmlns="http://www.w3.org/2000/svg" width="' + w + '" height="' + hgt + '" viewBox="0 0 ' + w + ' ' + hgt + '" font-family="monospace" font-size="11">',
		'<rect width="100%" height="100%" fill="#ffffff"/>'];
	for (let k = 0; k < g.cols; k++)
		parts.push('<text x="' + (X0 + k * W + W / 2) + '" y="16" text-anchor="middle" fill="#667085">' + esc(g.colLabel(k)) + '</text>');
	for (let r = r0; r < r1; r++)
		parts.push('<text x="' + (X0 - 6) + '" y="' + (Y0 + (r - r0) * H + H / 2 + 4) + '" text-anchor="end" fill="#667085">' + esc(g.rowLabel(r)) + '</text>');
	for (const x of cells) {
		const [R, G, B] = hslToRgb(x.colour);
		const fill = x.state === 'unplaced' ? '#eeeeee' : 'rgb(' + R + ',' + G + ',' + B + ')';
		const stroke = x.state === 'collision' ? '#b42318' : '#98a2b3';
		parts.push('<g data-state="' + x.state + '"><rect x="' + (X0 + x.col * W) + '" y="' + (Y0 + x.row * H) + '" width="' + W + '" height="' + H +
			'" fill="' + fill + '" stroke="' + stroke + '" stroke-width="' + (x.state === 'collision' ? 2 : 1) + '"/>' +
			'<text x="' + (X0 + x.col * W + W / 2) + '" y="' + (Y0 + x.row * H + H / 2 + 4) + '" text-anchor="middle">' + esc(x.label) + '</text></g>');
	}
	parts.push('</svg>');
	return parts.join('\n');
}
/* TikZ in the manner of CuTe's print_latex: one filled node per cell,
 * labelled owner/slot, with row and column indices. */
function exportTikz(c) {
	const {g, r0, r1, cells} = gridCells(c);
	const tex = (s) => String(s).replace(/([#$%&_{}])/g, '\\$1');
	const lines = ['% layoutd: ' + c.a.fingerprint, '% logical ' + JSON.stringify(c.a.logical.shape) + ', cells labelled owner/slot',
		'\\documentclass[convert]{standalone}', '\\usepackage{tikz}', '\\begin{document}',
		'\\begin{tikzpicture}[x={(0cm,-1cm)},y={(1cm,0cm)},every node/.style={minimum size=1cm, outer sep=0pt}]'];
	const colours = new Map();
	for (const x of cells) {
		if (!x.colour || colours.has(x.colour)) continue;
		const [R, G, B] = hslToRgb(x.colour);
		const name = 'lay' + colours.size;
		colours.set(x.colour, name);
		lines.push('\\definecolor{' + name + '}{RGB}{' + R + ',' + G + ',' + B + '}');
	}
	for (const x of cells) {
		const fill = x.state === 'unplaced' ? 'white' : (colours.get(x.colour) || 'white');
		const draw = x.state === 'collision' ? 'red, very thick' : 'black';
		lines.push('\\node[fill=' + fill + ', draw=' + draw + '] at (' + x.row + ',' + x.col + ') {\\texttt{' + tex(x.label) + '}};');
	}
	for (let r = r0; r < r1; r++) lines.push('\\node at (' + (r - r0) + ',-1) {\\texttt{' + tex(g.rowLabel(r)) + '}};');
	for (let k = 0; k < g.cols; k++) lines.push('\\node at (-1,' + k + ') {\\texttt{' + tex(g.colLabel(k)) + '}};');
	lines.push('\\end{tikzpicture}', '\\end{document}', '');
	return lines.join('\n');
}
function download(name, blob) {
	const a = h('a', {href: URL.createObjectURL(blob), download: name});
	document.body.append(a);
	a.click();
	setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
}
async function exportAs(kind) {
	const c = cur;
	if (!c) return;
	const base = 'layout-' + String(c.a.fingerprint || 'grid').replace(/^sha256:/, '').slice(0, 12);
	if (kind === 'tikz') return download(base + '.tex', new Blob([exportTikz(c)], {type: 'text/x-tex'}));
	const svg = exportSvg(c);
	if (kind === 'svg') return download(base + '.svg', new Blob([svg], {type: 'image/svg+xml'}));
	const img = new Image();
	const url = URL.createObjectURL(new Blob([svg], {type: 'image/svg+xml'}));
	await new Promise((ok, bad) => { img.onload = ok; img.onerror = bad; img.src = url; });
	const canvas = h('canvas', {width: String(img.width), height: String(img.height)});
	canvas.getContext('2d').drawImage(img, 0, 0);
	URL.revokeObjectURL(url);
	const blob = await new Promise((ok) => canvas.toBlob(ok, 'image/png'));
	download(base + '.png', blob);
}

/* ---------- the inverse view ---------- */
async function drawInverse(c, serial) {
	const wrapW = Number($('wrap').value) || 32;
	const g = invGeom(c, wrapW);
	$('wrap-row').hidden = !g.wrap;
	$('inv-sub').textContent = c.bank ? c.axes[c.bank.axis].name + ' by rows of ' + g.cols + ' (' + (g.cols * c.bank.bits / 8) + ' bytes): which element each place holds, coloured by its first coordinate'
		: c.ownerIdx.length ? 'owner × slot: which element each place holds (rows ' + c.ownerIdx.map((k) => c.axes[k].name).join(',') + ')'
		: 'places by the physical axes (no owner axis): which element each place holds';
	const cols = Math.min(g.cols, CELL_CAP);
	let rowsToDraw = [], note = '';
	let invAt = c.at;
	if (c.mode === 'full') {
		const rpp = Math.max(1, Math.floor(CELL_CAP / cols));
		const pages = Math.max(1, Math.ceil(g.rows / rpp));
		c.invPage = Math.max(0, Math.min(c.invPage, pages - 1));
		const r0 = c.invPage * rpp, r1 = Math.min(g.rows, r0 + rpp);
		for (let r = r0; r < r1; r++) rowsToDraw.push(r);
		$('inv-prev').disabled = c.invPage === 0;
		$('inv-next').disabled = c.invPage >= pages - 1;
		note = (pages > 1 ? 'page ' + (c.invPage + 1) + ' of ' + pages + ': ' : '') + 'rows ' + r0 + '–' + (r1 - 1) + ' of ' + g.rows;
		$('inverse').closest('.views').querySelector('[data-testid=inverse-pager]').hidden = pages <= 1;
	} else {
		const t = await fetchTable(c.a.id, 'inverse', c.invCursors[c.invPage], CELL_CAP);
		if (serial !== loadSerial) return;
		const A = c.axes.length, shape = c.a.logical.shape;
		invAt = new Map();
		const seen = new Set();
		for (const row of t.rows) {
			const p = row.slice(0, A), l = row.slice(A);
			const key = p.join(',');
			let at = invAt.get(key);
			if (!at) invAt.set(key, at = []);
			if (l[0] !== null) at.push(flatOf(l, shape));
			seen.add(g.rc(p)[0]);
		}
		rowsToDraw = [...seen].sort((x, y) => x - y);
		while (rowsToDraw.length > 1 && rowsToDraw.length * cols > CELL_CAP + cols) rowsToDraw.pop();
		c.invLoaded = invAt;
		c.invNext = t.next;
		$('inv-prev').disabled = c.invPage === 0;
		$('inv-next').disabled = !t.next;
		note = 'table rows ' + c.invCursors[c.invPage] + '–' + (Number(c.invCursors[c.invPage]) + t.rows.length) + ' of ' + t.total;
		$('inverse').closest('.views').querySelector('[data-testid=inverse-pager]').hidden = false;
	}
	if (cols < g.cols) note += ' (first ' + cols + ' of ' + g.cols + ' columns)';
	$('inv-page').textContent = note;
	c.invMap = invAt;
	const shape = c.a.logical.shape;
	const parts = headRow(g, cols);
	let rowHd = g.corner.length;
	for (const r of rowsToDraw) {
		const rl = g.rowLabel(r);
		rowHd = Math.max(rowHd, rl.length);
		parts.push('<div class="gr"><div class="hd row">' + esc(rl) + '</div>');
		for (let k = 0; k < cols; k++) {
			const p = g.at(r, k);
			if (!p) { parts.push('<div class="pad"></div>'); continue; }
			const key = p.join(',');
			const at = invAt.get(key);
			if (c.mode === 'paged' && !at) {
				parts.push('<div class="c unk" data-testid="inverse-cell" data-p="' + key + '">?</div>');
				continue;
			}
			if (!at || !at.length) {
				parts.push('<div class="c hole" data-testid="inverse-cell" data-p="' + key + '" data-state="hole"></div>');
				continue;
			}
			const coords = unflat(at[0], shape);
			const many = new Set(at).size > 1;
			parts.push('<div class="c' + (many ? ' col' : '') + '" data-testid="inverse-cell" data-p="' + key + '"' +
				(many ? ' data-state="collision"' : '') + ' style="background:' + colorFor(coords[0]) + '">' +
				(many ? '×' + new Set(at).size : esc(coords.join(','))) + '</div>');
		}
		parts.push('</div>');
	}
	const inv = $('inverse');
	inv.style.setProperty('--rowhd', (rowHd * 6.2 + 10).toFixed(0) + 'px');
	inv.classList.toggle('big', rowsToDraw.length * cols > 4096);
	inv.innerHTML = parts.join('');
	c.cellByP = new Map();
	for (const el of inv.querySelectorAll('[data-p]')) c.cellByP.set(el.dataset.p, el);
	fitHeads();
}

/* ---------- hover: tooltip and highlighting ---------- */
let lit = [];
function clearHighlight() {
	for (const el of lit) el.classList.remove('hl', 'hover');
	lit = [];
	$('tooltip').hidden = true;
}
function light(el, cls) {
	if (!el) return;
	el.classList.add(cls);
	lit.push(el);
}
function placeTooltip(ev) {
	const tip = $('tooltip');
	const pad = 14;
	let x = ev.clientX + pad, y = ev.clientY + pad;
	const w = tip.offsetWidth, hh = tip.offsetHeight;
	if (x + w > window.innerWidth - 4) x = Math.max(4, ev.clientX - w - pad);
	if (y + hh > window.innerHeight - 4) y = Math.max(4, ev.clientY - hh - pad);
	tip.style.left = x + 'px';
	tip.style.top = y + 'px';
}
function showTip(ev, nodes) {
	const tip = $('tooltip');
	tip.replaceChildren(...nodes);
	tip.hidden = false;
	placeTooltip(ev);
}

function hoverElement(ev, el) {
	const c = cur;
	if (!c) return;
	clearHighlight();
	const e = Number(el.dataset.e);
	const names = c.a.logical.names;
	const coords = unflat(e, c.a.logical.shape);
	light(el, 'hover');
	const lines = [h('div', {class: 'tt-head'}, 'element ' + fmtElem(coords, names))];
	if (el.classList.contains('unk')) {
		lines.push(h('div', {}, 'not loaded on this page'));
		return showTip(ev, lines);
	}
	const ps = c.places.get(e) || [];
	if (!ps.length) lines.push(h('div', {class: 'tt-bad'}, 'unplaced: no place holds this element'));
	else lines.push(h('div', {class: 'muted'}, ps.length === 1 ? '1 place' : ps.length + ' places (replicas)'));
	for (const p of ps) {
		const row = h('div', {class: 'tt-place'}, fmtPlace(p));
		if (c.bank && inBounds(p, c.axes)) row.append(h('span', {class: 'muted'}, '  bank ' + bankOf(c, p)));
		if (!inBounds(p, c.axes)) row.append(h('span', {class: 'tt-bad'}, '  out of bounds'));
		const key = p.join(',');
		light(c.cellByP && c.cellByP.get(key), 'hl');
		const others = (c.at.get(key) || []).filter((x) => x !== e);
		if (others.length) {
			row.append(h('span', {class: 'tt-bad'}, '  collides with ' + others.slice(0, 4).map((x) => fmtElem(unflat(x, c.a.logical.shape), names)).join(' ') + (others.length > 4 ? ' …' : '')));
			for (const o of others) light(c.cellByE.get(o), 'hl');
		}
		lines.push(row);
	}
	showTip(ev, lines);
}

function hoverPlace(ev, el) {
	const c = cur;
	if (!c) return;
	clearHighlight();
	light(el, 'hover');
	const key = el.dataset.p;
	const p = key.split(',').map(Number);
	const lines = [h('div', {class: 'tt-head'}, 'place ' + fmtPlace(p))];
	if (el.classList.contains('unk')) {
		lines.push(h('div', {}, 'not loaded on this page'));
		return showTip(ev, lines);
	}
	const at = [...new Set((c.invMap || c.at).get(key) || [])];
	if (!at.length) lines.push(h('div', {class: 'muted'}, 'empty (a hole)'));
	else if (at.length > 1) lines.push(h('div', {class: 'tt-bad'}, 'collision: ' + at.length + ' elements'));
	for (const e of at.slice(0, 16)) {
		lines.push(h('div', {class: 'tt-place'}, fmtElem(unflat(e, c.a.logical.shape))));
		light(c.cellByE && c.cellByE.get(e), 'hl');
	}
	if (at.length > 16) lines.push(h('div', {}, '… ' + (at.length - 16) + ' more'));
	showTip(ev, lines);
}

