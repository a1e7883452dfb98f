/* layoutd dashboard, verdict.js: the verdict panel, its
 * downloads, the algebra, swizzle and warning panels, and the thread-value
 * layout detector.  Uses core.js. */
'use strict';

/* ---------- verdict panel ---------- */
const VERDICT_FIELDS = ['complete', 'collision_free', 'replicas_distinct', 'in_bounds', 'hole_free', 'bijective', 'round_trip'];
const REQUIRED = ['complete', 'collision_free', 'replicas_distinct', 'in_bounds'];

function showError(prob, source) {
	const box = $('error');
	box.replaceChildren();
	if (!prob) { box.hidden = true; return; }
	const p = prob.problem || prob;
	box.append(h('strong', {'data-testid': 'error-title'}, p.title || 'Error'),
		p.code ? h('span', {class: 'code', 'data-testid': 'error-code'}, '[' + p.code + ']') : null,
		h('p', {'data-testid': 'error-detail'}, p.detail || ''));
	const where = [];
	if (p.pointer) where.push('at ', h('code', {'data-testid': 'error-pointer'}, p.pointer));
	if (typeof p.position === 'number') where.push(where.length ? ', ' : '', h('span', {'data-testid': 'error-position'}, 'character ' + p.position));
	if (where.length) box.append(h('p', {class: 'where'}, where));
	/* Show the offending text with a caret under the character. */
	let src = source;
	if (src === undefined && prob.body && p.pointer) {
		src = p.pointer.split('/').slice(1).reduce((o, k) => (o && typeof o === 'object') ? o[k.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined, prob.body);
	}
	if (typeof src === 'string' && typeof p.position === 'number') {
		const pos = Math.min(p.position, src.length);
		const start = src.lastIndexOf('\n', pos - 1) + 1;
		let end = src.indexOf('\n', pos);
		if (end < 0) end = src.length;
		const line = src.slice(start, end);
		const caret = ' '.repeat(pos - start) + '^';
		box.append(h('pre', {class: 'caret', 'data-testid': 'error-caret'}, line + '\n' + caret));
		/* Select the character in the editor when the text is there verbatim. */
		const ed = $('editor');
		const at = source !== undefined ? 0 : ed.value.indexOf(src);
		if (at >= 0) {
			try { ed.setSelectionRange(at + pos, at + pos + 1); } catch (e) { /* ignore */ }
		}
	}
	box.hidden = false;
}

function examplesList(items, fmt, testid) {
	if (!items || !items.length) return null;
	return h('ul', {class: 'examples', 'data-testid': testid}, items.map((x) => h('li', {}, fmt(x))));
}

function renderVerdict(a) {
	const v = a.verdict;
	const names = a.logical.names;
	const box = $('verdict');
	box.replaceChildren();
	const failed = REQUIRED.filter((f) => !v[f]);
	const reasons = [];
	for (const f of failed) reasons.push('not ' + f);
	for (const f of (a.expect && a.expect.failures) || []) reasons.push(typeof f === 'string' ? f : (f.message || JSON.stringify(f)));
	box.append(h('div', {class: 'status ' + (a.ok ? 'pass' : 'fail')},
		h('span', {class: 'badge', 'data-testid': 'verdict-status'}, a.ok ? 'PASS' : 'FAIL'),
		h('span', {class: 'reason', 'data-testid': 'verdict-reason'},
			a.ok ? (v.bijective ? 'bijective: every element has exactly one place, every place one element' : 'passes its requirements') : reasons.join('; '))));

	/* Flags. */
	box.append(h('div', {class: 'flags'}, VERDICT_FIELDS.map((f) =>
		h('span', {class: 'flag ' + (v[f] ? 'yes' : (REQUIRED.includes(f) ? 'no' : 'soft')), 'data-testid': 'flag-' + f,
			title: f + ' = ' + v[f]}, (v[f] ? '✓ ' : '✗ ') + f.replace('_', ' ')))));

	/* Summary facts. */
	const axes = a.physical.axes;
	const owners = a.owners || {axes: [], count: 0, slots: {min: 0, max: 0}};
	const dl = h('dl', {class: 'facts'});
	const fact = (k, val, id) => dl.append(h('dt', {}, k), h('dd', {'data-testid': id}, val));
	fact('logical', '[' + a.logical.shape.join(', ') + '] (' + names.join(', ') + '), ' + plural(a.logical.size, 'element'), 'fact-logical');
	fact('physical', axes.map((x) => x.name + ' ' + x.extent + (x.declared ? '' : ' (inferred)') + ' ' + kindLabel(x, axes)).join(', ') + ': ' + plural(a.physical.size, 'point') + (a.physical.codomain ? ' (the TMEM cells: ' + a.physical.codomain.join(' × ') + ')' : ''), 'fact-physical');
	fact('placements', a.placements + ', replication ' + a.replication.min + (a.replication.max !== a.replication.min ? '..' + a.replication.max : ''), 'fact-placements');
	fact('owners', owners.axes.length ? owners.count + ' (' + owners.axes.join(', ') + '), slots ' + owners.slots.min + (owners.slots.max !== owners.slots.min ? '..' + owners.slots.max : '') + ' each' : 'no owner axis', 'fact-owners');
	fact('notation', a.notation || '', 'fact-notation');
	box.append(dl);

	/* Problems with examples, in the user's coordinates. */
	const probs = h('div', {class: 'problems'});
	const item = (key, n, label, severe, list) => {
		const el = h('div', {class: 'problem ' + (n ? (severe ? 'bad' : 'warn') : 'ok'), 'data-testid': 'count-' + key},
			h('span', {class: 'n'}, String(n)), ' ', label);
		if (n && list) el.append(list);
		probs.append(el);
	};
	item('collisions', a.collisions.count, 'collisions', !v.collision_free,
		examplesList(a.collisions.examples, (x) => [h('code', {}, fmtPlace(x.physical)), ' holds ', x.logical.map((e) => fmtElem(e, names)).join(' ')], 'examples-collisions'));
	item('unplaced', a.unplaced.count, 'unplaced elements', !v.complete,
		examplesList(a.unplaced.examples, (x) => fmtElem(x.logical, names) + ' has no place', 'examples-unplaced'));
	item('duplicates', a.duplicates.count, 'duplicate placements', !v.replicas_distinct,
		examplesList(a.duplicates.examples, (x) => [fmtElem(x.logical, names), ' placed ', String(x.count || 2), '× on ', h('code', {}, fmtPlace(x.physical))], 'examples-duplicates'));
	item('out_of_bounds', a.out_of_bounds.count, 'out-of-bounds placements', !v.in_bounds,
		examplesList(a.out_of_bounds.examples, (x) => [fmtElem(x.logical, names), ' → ', h('code', {}, fmtPlace(x.physical))], 'examples-out_of_bounds'));
	item('holes', a.holes.count, 'holes (empty places)', false,
		examplesList(a.holes.examples, (x) => [h('code', {}, fmtPlace(x.physical)), ' is empty'], 'examples-holes'));
	item('round_trip', a.round_trip.mismatches, 'round-trip mismatches', false,
		examplesList(a.round_trip.examples, (x) => [fmtElem(x.logical, names), ' at ', h('code', {}, fmtPlace(x.physical)), ' reads back as ', fmtElem(x.inverse, names)], 'examples-round_trip'));
	box.append(probs);

	if (a.expect && a.expect.failures && a.expect.failures.length)
		box.append(h('div', {class: 'expect-fail', 'data-testid': 'expect-failures'}, h('strong', {}, 'expect failed: '),
			a.expect.failures.map((f) => typeof f === 'string' ? f : (f.message || JSON.stringify(f))).join('; ')));
	const sw = a.structure && a.structure.swizzle;
	if (sw) box.append(swizzlePanel(sw, a.warnings || []));
	if (a.algebra) box.append(algebraPanel(a.algebra));
	const ws = allWarnings(a);
	if (ws.length)
		box.append(h('ul', {class: 'warnings', 'data-testid': 'warnings'}, ws.map((w) => h('li', {'data-code': w.code}, '⚠ ' + (w.section ? w.section + ': ' : '') + (w.message || w.code || JSON.stringify(w))))));
	if (a.probe && a.probe.length)
		box.append(h('div', {class: 'probes', 'data-testid': 'probes'}, h('strong', {}, 'probes'),
			h('ul', {}, a.probe.map((p) => h('li', {}, fmtElem(p.logical, names), ' → ',
				p.places.length ? h('code', {}, p.places.map((q) => fmtPlace(q)).join('  |  ')) : h('em', {}, 'no place'))))));
	/* Downloads go through fetch with the token (a plain link cannot carry
	 * it): the browser is handed the answer as a blob. */
	const base = 'layout-' + String(a.fingerprint || 'grid').replace(/^sha256:/, '').slice(0, 12);
	const svgBtn = a.logical.size <= GRID_TILE
		? h('button', {type: 'button', class: 'link', id: 'download-svg', 'data-testid': 'download-svg',
			title: 'the daemon\'s picture of the grid page on screen (GET …/grid.svg)',
			onclick: () => downloadGridSvg(a, base)}, 'grid.svg')
		: h('span', {class: 'muted', title: 'grid.svg draws tiles of at most ' + GRID_TILE + ' elements'}, 'grid.svg: tile too large');
	box.append(h('p', {class: 'ids small'}, 'fingerprint ', h('code', {'data-testid': 'fingerprint'}, a.fingerprint), h('br'), 'id ', h('code', {'data-testid': 'analysis-id'}, a.id),
		' · ', svgBtn,
		' · ', h('button', {type: 'button', class: 'link', 'data-testid': 'download-csv', title: 'the whole placement table as CSV (GET …/table?format=csv)',
			onclick: () => fetchDownload('/v1/analyses/' + encodeURIComponent(a.id) + '/table?format=csv', base + '.csv', 'text/csv')}, 'table.csv')));
}

/* GET a document with the token and hand it to the browser as a file. */
async function fetchDownload(path, name, accept) {
	showError(null);
	let res;
	try {
		res = await fetch(path, {headers: authHeaders({Accept: accept + ', application/problem+json'})});
	} catch (e) {
		showError(new Problem({title: 'The daemon did not answer', detail: String(e), code: 'network', status: 0}));
		return;
	}
	if (!res.ok) {
		let p = {};
		try { p = await res.json(); } catch (e) { /* not a problem document */ }
		p = Object.assign({status: res.status, title: res.statusText}, p);
		if (res.status === 401)
			p.detail = (p.detail ? p.detail + ' — ' : '') + (currentToken() ? 'the token in the Token field was refused' : 'this daemon wants a token: paste one in the Token field at the top');
		showError(new Problem(p));
		return;
	}
	download(name, await res.blob());
}

/* The window of the tile that the grid page on screen shows, in
 * grid.svg's rows (the first dimension) and columns (the rest), or null
 * when the whole tile is one picture. */
function svgWindow(c) {
	const shape = c.a.logical.shape, size = c.a.logical.size;
	if (size <= CELL_CAP || !c.gridRows) return null;
	const R = shape.length >= 2 ? shape[0] : 1, C = size / R, g = gridGeom(c.a);
	const lo = c.gridRows[0] * g.cols, hi = Math.min(size, c.gridRows[1] * g.cols);
	let row0 = Math.floor(lo / C), rows = Math.ceil(hi / C) - row0, col0 = 0, cols = C;
	if (rows === 1) { col0 = lo % C; cols = hi - lo; }
	if (cols > CELL_CAP) cols = CELL_CAP;
	if (rows * cols > CELL_CAP) rows = Math.max(1, Math.floor(CELL_CAP / cols));
	return {row0, col0, rows, cols};
}
function svgLabel(c) {
	const w = c && svgWindow(c);
	if (!w) return 'grid.svg';
	return 'grid.svg (rows ' + w.row0 + '–' + (w.row0 + w.rows - 1) + (w.cols < c.a.logical.size / (c.a.logical.shape.length >= 2 ? c.a.logical.shape[0] : 1)
		? ', columns ' + w.col0 + '–' + (w.col0 + w.cols - 1) : '') + ')';
}
function downloadGridSvg(a, base) {
	const c = cur && cur.a.id === a.id ? cur : null;
	const w = c && svgWindow(c);
	let path = '/v1/analyses/' + encodeURIComponent(a.id) + '/grid.svg';
	if (w) path += '?row0=' + w.row0 + '&col0=' + w.col0 + '&rows=' + w.rows + '&cols=' + w.cols;
	return fetchDownload(path, base + (w ? '-r' + w.row0 + '-c' + w.col0 : '') + '.svg', 'image/svg+xml');
}

/* A cute algebra expression: its result (or value), its C++ type, and each
 * call as written with its result and the post-conditions it proved. */
function algebraPanel(alg) {
	const steps = alg.steps || [];
	return h('div', {class: 'algebra', 'data-testid': 'algebra-panel'}, h('strong', {}, 'Algebra'),
		h('p', {}, 'result ', h('code', {'data-testid': 'algebra-result'}, alg.result !== undefined ? alg.result : String(alg.value))),
		alg.cpp ? h('p', {class: 'small'}, h('code', {'data-testid': 'algebra-cpp'}, alg.cpp)) : null,
		steps.length ? h('ol', {class: 'steps', 'data-testid': 'algebra-steps'}, steps.map((st) => h('li', {'data-op': st.op},
			h('code', {}, st.op + '(' + st.args.join(', ') + ')'), ' → ', h('code', {}, String(st.result)), ' ',
			h('span', {class: 'flags'}, (st.checks || []).map((k) => h('span', {class: 'flag ' + (k.holds ? 'yes' : 'no'), title: k.example || k.name},
				(k.holds ? '✓ ' : '✗ ') + k.name)))))) : null);
}

/* Every warning of an analysis, its own and its sections' (access,
 * convert, tmem, ...), each with the section it came from: the same
 * list the command line prints. */
function allWarnings(a) {
	const out = [];
	const walk = (v, section) => {
		if (Array.isArray(v)) { v.forEach((x) => walk(x, section)); return; }
		if (!v || typeof v !== 'object') return;
		if (Array.isArray(v.warnings))
			for (const w of v.warnings) if (w && w.message) out.push({section, code: w.code, message: w.message});
		for (const [k, x] of Object.entries(v))
			if (k !== 'warnings' && x && typeof x === 'object') walk(x, section ? section + '/' + k : k);
	};
	walk(a, '');
	return out;
}

/* The swizzle of a composed layout: B/M/S as written, on bytes or
 * elements, the swizzle applied to element offsets, the base alignment,
 * and the swizzle warnings with their numbers. */
function swizzlePanel(sw, warnings) {
	const name = (x) => 'Sw<' + x.B + ',' + x.M + ',' + x.S + '>';
	const dl = h('dl', {class: 'facts'});
	const fact = (k, val, id) => dl.append(h('dt', {}, k), h('dd', {'data-testid': id}, val));
	fact('swizzle', name(sw) + '  (B=' + sw.B + ' bits mixed, M=' + sw.M + ' low bits kept, S=' + sw.S + ')', 'swizzle-bms');
	fact('acts on', sw.on === 'bytes' ? 'byte addresses' + (sw.element_bits ? ' of ' + sw.element_bits + '-bit elements' : '') : 'element offsets' + (sw.element_bits ? ' (' + sw.element_bits + '-bit elements)' : ''), 'swizzle-on');
	if (sw.elements && sw.on === 'bytes') fact('on elements', name(sw.elements) + ', the offsets shown', 'swizzle-elements');
	if (sw.offset) fact('offset', sw.offset + ' (added before the swizzle)', 'swizzle-offset');
	fact('base alignment', sw.base_alignment_bytes ? sw.base_alignment_bytes + ' bytes' : 'none (offsets relative to the buffer)', 'swizzle-alignment');
	if (sw.period) fact('period', plural(sw.period, 'element'), 'swizzle-period');
	const ws = warnings.filter((w) => /^swizzle_/.test(w.code || ''));
	return h('div', {class: 'swizzle', 'data-testid': 'swizzle-panel'}, h('strong', {}, 'Swizzle'), dl,
		ws.length ? h('ul', {class: 'warnings', 'data-testid': 'swizzle-warnings'}, ws.map((w) => h('li', {'data-code': w.code}, '⚠ ' + w.code + ': ' + w.message))) : null);
}

/* A memory-kind axis beside owner axes is a slot inside each owner (the
 * value mode of a CuTe thread-value layout is a register, not memory). */
function kindLabel(x, axes) {
	if (OWNER_KINDS.has(x.kind)) return x.kind;
	return axes.some((y) => OWNER_KINDS.has(y.kind)) ? 'slot' : 'memory';
}

/* The top-level mode sizes of a CuTe text (Shape:Stride or Layout<…>),
 * or null: enough to tell a thread-value layout from a memory one. */
function cuteModes(text) {
	if (typeof text !== 'string') return null;
	let t = text.replace(/\/\/[^\n]*/g, '').replace(/\/\*[\s\S]*?\*\//g, '');
	if (/Layout\s*</.test(t)) {
		const m = /Shape\s*</.exec(t);
		if (!m) return null;
		t = t.slice(m.index).replace(/Int\s*<\s*(\d+)\s*>/g, '$1').replace(/\b_(\d+)\b/g, '$1')
			.replace(/Shape\s*</g, '(').replace(/>/g, ')');
	} else {
		t = t.replace(/\b_(\d+)\b/g, '$1');
		const i = t.search(/\(|\d/);
		if (i < 0) return null;
		t = t.slice(i);
	}
	/* parse the first balanced tuple (or a bare number) */
	let pos = 0;
	const ws = () => { while (pos < t.length && /\s/.test(t[pos])) pos++; };
	function item() {
		ws();
		if (t[pos] === '(') {
			pos++;
			const kids = [];
			for (;;) {
				kids.push(item());
				ws();
				if (t[pos] === ',') { pos++; continue; }
				if (t[pos] === ')') { pos++; break; }
				throw new Error('bad');
			}
			return kids;
		}
		const m = /^\d+/.exec(t.slice(pos));
		if (!m) throw new Error('bad');
		pos += m[0].length;
		return Number(m[0]);
	}
	const size = (x) => Array.isArray(x) ? x.reduce((p, y) => p * size(y), 1) : x;
	try {
		const top = item();
		return Array.isArray(top) ? top.map(size) : [top];
	} catch (e) { return null; }
}

/* A CuTe layout checked as memory whose first mode is a whole number of
 * warps and whose second is small reads like a thread-value layout. */
function tvSuspect(req) {
	const L = req && req.layout;
	if (!L || typeof L.cute !== 'string' || (L.cute_role && L.cute_role !== 'memory')) return null;
	const modes = cuteModes(L.cute);
	if (!modes || modes.length !== 2) return null;
	const [t, v] = modes;
	if (t % 32 !== 0 || t > 1024 || v > 256 || v >= t) return null;
	return {threads: t, values: v};
}

