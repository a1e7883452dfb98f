/* layoutd dashboard: editor, verdict, placement grid, inverse view, registry.
 * Plain browser JavaScript, no dependencies, served from the daemon itself. */
'use strict';

const PRESETS = [
	{id: "seed-axe-shard", label: "Seed: Axe shard on 8×16 (laneid, warpid, m)",
	 request: {"layout": {"logical": [8, 16], "axe": "S[(8, 2, 4, 2) : (4@laneid, 1@warpid, 1@laneid, 1)]"}, "expect": {"bijective": true}, "probe": [[1, 3], [0, 0], [7, 15]]}},
	{id: "seed-dropped-bits", label: "Seed: dropped address bits (broken: collisions)",
	 request: {"layout": {"logical": [8, 8], "expr": {"offset": "(i // 2) * 4 + (j // 2)"}}}},
	{id: "seed-padding", label: "Seed: padded rows i*10+j (holes)",
	 request: {"layout": {"logical": [8, 8], "expr": {"offset": "i * 10 + j"}, "physical": {"offset": 80}}}},
	{id: "seed-transpose", label: "Seed: transpose 8×8",
	 request: {"layout": {"logical": [8, 8], "expr": {"r": "j", "c": "i"}}, "expect": {"bijective": true}}},
	{id: "seed-gemm-fragment-8x8", label: "Seed: TileLang MakeGemmFragment8x8",
	 request: {"layout": {"name": "MakeGemmFragment8x8", "logical": [8, 8], "expr": {"thread": "j // 2 + 4 * i", "slot": "j % 2"}}, "expect": {"bijective": true, "owners": 32, "slots": 2}}},
	{id: "cutlass-sm80-16x8x16-c", label: "CUTLASS SM80 16x8x16 C (CuTe TV)",
	 request: {"layout": {"name": "SM80_16x8x16 CLayout = SM80_16x8_Row", "cute": "Layout<Shape <Shape < _4,_8>,Shape < _2,_2>>,\n                             Stride<Stride<_32,_1>,Stride<_16,_8>>>", "cute_role": "tv", "logical": [16, 8]}, "expect": {"bijective": true, "owners": 32, "slots": 4}, "probe": [[0, 0], [0, 1], [8, 0], [9, 3], [15, 7]]}},
	{id: "ptx-ldmatrix-x4", label: "PTX ldmatrix .x4 destination fragments",
	 request: {"layout": {"name": "PTX ldmatrix.sync.aligned.m8n8.x4.b16 destination fragments (b16 elements)", "logical": [32, 8], "expr": {"thread": "(i % 8) * 4 + j // 2", "value": "j % 2 + 2 * (i // 8)"}}, "expect": {"bijective": true, "owners": 32, "slots": 8}, "probe": [[0, 0], [0, 7], [9, 2], [31, 7]]}},
	{id: "tilelang-full-bank-swizzle-8x64-xor", label: "TileLang full-bank swizzle 8×64 (XOR)",
	 request: {"layout": {"logical": [8, 64], "expr": {"offset": "j % 8 + 8 * ((j // 8) ^ i) + 64 * i"}}, "expect": {"bijective": true}, "probe": [[1, 0], [7, 63]]}},
	{id: "triton-mmav2-32x32", label: "Triton linear layout: MMAv2 32×32",
	 request: {"layout": {"linear": {"bases": {"register": [[0, 1], [8, 0], [0, 8], [0, 16], [16, 0]], "lane": [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], "warp": [], "block": []}, "out": [["dim0", 32], ["dim1", 32]]}}, "expect": {"bijective": true, "owners": 32, "slots": 32}, "probe": [[9, 3], [17, 8]]}},
	{id: "ttgir-dump-blocked", label: "Triton TTGIR dump: #blocked on tensor<128x64xf16>",
	 request: {"layout": {"ttgir": "#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>\nmodule attributes {\"ttg.num-ctas\" = 1 : i32, \"ttg.num-warps\" = 4 : i32, \"ttg.threads-per-warp\" = 32 : i32} {\n  %cst = arith.constant dense<0.000000e+00> : tensor<128x64xf16, #blocked>\n}"}, "expect": {"owners": 128}, "probe": [[0, 0], [127, 63]]}},
	{id: "ttgir-amd-mfma-32x32", label: "Triton TTGIR: AMD MFMA 32×32 (64-lane warps)",
	 request: {"layout": {"ttgir": "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>", "shape": [64, 64]}, "expect": {"bijective": true, "owners": 256}}},
	{id: "tvm-doc-tensorcore-shard-replica-offset", label: "Axe shard + replica + offset (replicated)",
	 request: {"layout": {"axe": "S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid", "logical": [8, 16]}, "probe": [[0, 0], [0, 1], [0, 2], [1, 0], [0, 8], [7, 15]]}},
	{id: "access-fp32-column-32way", label: "Bank conflicts: f32 column read of an unswizzled 32×32 tile (32-way)",
	 request: {"layout": {"logical": [32, 32], "expr": {"offset": "i * 32 + j"}}, "access": {"threads": {"logical": [32, 32], "expr": {"laneid": "i", "register": "j"}}, "element_bits": 32, "vector": 1}, "suggest": "swizzle"}},
	{id: "access-ldmatrix-sw128-f16", label: "Bank conflicts: 128-bit ldmatrix-style read of the CuTe SW128 f16 atom",
	 request: {"layout": {"logical": [8, 64], "expr": {"offset": "(i * 64 + j) ^ ((((i * 64 + j) >> 6) & 7) << 3)"}}, "access": {"threads": {"logical": [8, 64], "expr": {"laneid": "i + 8 * ((j // 8) % 4)", "register": "j % 8 + 8 * (j // 32)"}}, "element_bits": 16}, "expect": {"bank_conflicts": 0, "vector_bits": 128}}},
	{id: "cute-gmma-k-sw128-f16", label: "Swizzled smem: CuTe GMMA::Layout_K_SW128_Atom<half_t> as print() shows it",
	 request: {"layout": {"cute": "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)"}, "expect": {"bijective": true}, "probe": [[0, 0], [1, 0], [7, 63]]}},
	{id: "tvm-compose-swizzle-128b-f16", label: "Swizzled smem: TVM ComposeLayout(3, 3, 3, …) over (8, 64)",
	 request: {"layout": {"axe": "T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(8, 64):(64, 1)]))", "logical": [8, 64]}, "expect": {"bijective": true}, "probe": [[1, 0], [1, 8]]}},
	{id: "cutlass-sm80-16x8x32-s4-b-before-pr3140", label: "Broken: CUTLASS SM80 16x8x32 S4 B before PR #3140",
	 request: {"layout": {"name": "SM80_16x8x32_S32S4S4S32_TN BLayout before PR #3140", "cute": "Layout<Shape <Shape < _4, _8>, Shape <_8>>,\n                         Stride<Stride<_32, _1>, Stride<_8>>>", "cute_role": "tv", "logical": [8, 32]}, "probe": [[0, 4], [0, 20]]}}
];

/* ---------- limits ---------- */
const CELL_CAP = 16384;          /* cells drawn at once in either view; grid.svg's window too */
const GRID_TILE = 262144;        /* grid.svg draws windows of tiles of at most this many elements */
const FULL_ROWS = 131072;        /* placement rows loaded whole; beyond, page from the server */
const CHUNK = 32768;             /* rows per table request */
const OWNER_KINDS = new Set(['thread', 'device']);

/* ---------- small helpers ---------- */
const $ = (id) => document.getElementById(id);
function esc(s) {
	return String(s).replace(/[&<>"']/g, (c) => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'}[c]));
}
function h(tag, attrs, ...kids) {
	const el = document.createElement(tag);
	for (const [k, v] of Object.entries(attrs || {})) {
		if (v === null || v === undefined || v === false) continue;
		if (k === 'class') el.className = v;
		else if (k === 'text') el.textContent = v;
		else if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
		else el.setAttribute(k, v === true ? '' : v);
	}
	for (const kid of kids.flat()) {
		if (kid === null || kid === undefined || kid === false) continue;
		el.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
	}
	return el;
}
function b64urlEncode(str) {
	const bytes = new TextEncoder().encode(str);
	let bin = '';
	for (let i = 0; i < bytes.length; i += 0x8000)
		bin += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
	return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
function b64urlDecode(s) {
	s = s.replace(/-/g, '+').replace(/_/g, '/');
	while (s.length % 4) s += '=';
	const bin = atob(s);
	const bytes = new Uint8Array(bin.length);
	for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
	return new TextDecoder().decode(bytes);
}
function plural(n, one, many) { return n + ' ' + (n === 1 ? one : (many || one + 's')); }

/* A problem document (or a client-side error) carried as an exception. */
class Problem extends Error {
	constructor(p, body) {
		super(p.detail || p.title || 'error');
		this.problem = p;
		this.body = body;
	}
}

const TOKEN_NOTE = 'kept in this tab\'s session storage only, until the tab closes';

/* The token of the header field (or of the register form): sent with
 * every request when set, so a daemon that wants one for reads works. */
function currentToken() {
	return ($('token') && $('token').value.trim()) || ($('reg-token') && $('reg-token').value.trim()) || '';
}
function authHeaders(headers) {
	const out = Object.assign({}, headers || {});
	const tok = currentToken();
	if (tok && !out.Authorization) out.Authorization = 'Bearer ' + tok;
	return out;
}
function setToken(v, from) {
	for (const id of ['token', 'reg-token']) if (id !== from && $(id)) $(id).value = v;
	try {
		if (v) sessionStorage.setItem('layoutd-token', v);
		else sessionStorage.removeItem('layoutd-token');
	} catch (e) { /* private mode */ }
}
/* Forget: the fields are emptied and the tab's session storage cleared. */
function forgetToken() {
	setToken('', null);
	$('token-note').textContent = 'forgotten: no token is kept or sent';
}

async function api(method, path, body, headers) {
	const opts = {method, headers: authHeaders(Object.assign({Accept: 'application/json'}, headers || {}))};
	if (body !== undefined) {
		opts.headers['Content-Type'] = 'application/json';
		opts.body = JSON.stringify(body);
	}
	let res;
	try {
		res = await fetch(path, opts);
	} catch (e) {
		throw new Problem({title: 'The daemon did not answer', detail: String(e), code: 'network', status: 0}, body);
	}
	const ct = res.headers.get('Content-Type') || '';
	let data = null;
	if (res.status !== 204 && res.status !== 304) {
		const text = await res.text();
		try { data = text ? JSON.parse(text) : null; } catch (e) { data = {detail: text}; }
	}
	if (ct.includes('problem+json') || (!res.ok && res.status !== 422 && res.status !== 304)) {
		const p = Object.assign({status: res.status, title: res.statusText}, data || {});
		if (res.status === 401)
			p.detail = (p.detail ? p.detail + ' — ' : '') + (currentToken() ? 'the token in the Token field was refused' : 'this daemon wants a token: paste one in the Token field at the top');
		throw new Problem(p, body);
	}
	return {status: res.status, data, headers: res.headers};
}

/* ---------- formatting in the user's coordinates ---------- */
let cur = null;   /* the current analysis + derived facts */

function fmtElem(coords, names) {
	if (!coords) return '(none)';
	names = names || (cur && cur.a.logical.names) || [];
	return '(' + coords.map((v, k) => (names[k] || 'd' + k) + '=' + v).join(', ') + ')';
}
function fmtPlace(p, axes) {
	if (!p) return '(none)';
	if (Array.isArray(p)) {
		axes = axes || (cur && cur.axes.map((a) => a.name)) || [];
		return p.map((v, k) => axes[k] + '=' + v).join(' ');
	}
	return Object.entries(p).map(([k, v]) => k + '=' + v).join(' ');
}

/* ---------- the editor ---------- */
function parseLogical(text) {
	const t = text.trim().replace(/^[[(]|[\])]$/g, '');
	if (!t) return undefined;
	const parts = t.split(/[\s,x×]+/).filter(Boolean);
	const dims = parts.map((p) => Number(p));
	if (!dims.length || dims.some((d) => !Number.isInteger(d)))
		throw new Problem({title: 'Bad logical shape', code: 'client', detail: 'the logical shape is a list of integers such as 8,16, not "' + text + '"'});
	return dims;
}

/* Returns the request to send: {layout, expect?, probe?}. */
function readEditor() {
	const text = $('editor').value;
	const t = text.trim();
	if (!t) throw new Problem({title: 'Nothing to check', code: 'client', detail: 'the editor is empty: choose a preset or paste a layout'});
	if (t[0] === '{' || t[0] === '[') {
		let v;
		try {
			v = JSON.parse(text);
		} catch (e) {
			const m = /position (\d+)/.exec(e.message);
			const p = {title: 'Malformed JSON', code: 'json_syntax', detail: e.message, pointer: ''};
			if (m) p.position = Number(m[1]);
			const err = new Problem(p);
			err.source = text;
			throw err;
		}
		if (v && typeof v === 'object' && !Array.isArray(v) && 'layout' in v) return v;
		return {layout: v};
	}
	/* A pasted notation text. */
	const def = {};
	const logical = parseLogical($('raw-logical').value);
	if (logical) def.logical = logical;
	/* The daemon's detector names the notation (the one the command
	 * line uses); the analysis says which it found (resolveText). */
	def.text = t;
	if ($('raw-role').value === 'tv') def.cute_role = 'tv';
	return {layout: def};
}

/* A request whose layout is pasted text, rewritten under the notation key
 * the analysis reports, as the daemon read it: the views, the bank panel
 * and the share link then see the notation. */
function resolveText(req, a) {
	const L = req.layout;
	if (!L || typeof L.text !== 'string' || !a || !a.notation) return req;
	const out = Object.assign({}, L);
	delete out.text;
	out[a.notation] = L.text;
	if (a.notation === 'ttgir') {
		if (out.logical && !out.shape && !/tensor<|memdesc<|tensordesc</.test(L.text)) out.shape = out.logical;
		delete out.logical;
	}
	return Object.assign({}, req, {layout: out});
}

/* JSON with short arrays and objects kept on one line. */
function pretty(v, ind) {
	ind = ind || '';
	const one = JSON.stringify(v);
	if (v === null || typeof v !== 'object' || one.length + ind.length <= 76) return one;
	const ind2 = ind + '  ';
	if (Array.isArray(v)) return '[\n' + v.map((x) => ind2 + pretty(x, ind2)).join(',\n') + '\n' + ind + ']';
	return '{\n' + Object.entries(v).map(([k, x]) => ind2 + JSON.stringify(k) + ': ' + pretty(x, ind2)).join(',\n') + '\n' + ind + '}';
}

function setEditor(req) {
	$('editor').value = pretty(req);
	$('raw-opts').classList.add('inactive');
}

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
	fact('physical', axes.map((x) => x.name + ' ' + x.extent + (x.declared ? '' : ' (inferred)') + ' ' + kindLabel(x, axes)).join(', ') + ': ' + plural(a.physical.size, 'point'), 'fact-physical');
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
 * by bank: offset × element bits / 32 mod 32. */
function bankMode(a, req, axes, ownerIdx, slotIdx) {
	if (slotIdx.length !== 1 || axes[slotIdx[0]].kind !== 'memory' || ownerIdx.some((k) => axes[k].extent !== 1)) return null;
	const st = a.structure || {}, L = (req && req.layout) || {};
	const known = [[L.element_bits, 'the layout\'s element_bits'], [st.swizzle && st.swizzle.element_bits, 'the layout\'s element type'],
		[st.ttgir && st.ttgir.element_bits, 'the TTGIR element type'], [a.access && a.access.element_bits, 'the access\'s element_bits']]
		.find(([b]) => Number.isInteger(b) && b > 0);
	return {axis: slotIdx[0], bits: known ? known[0] : 32, from: known ? known[1] : 'unknown, 32 bits assumed'};
}
function bankOf(c, p) { return Math.floor(p[c.bank.axis] * c.bank.bits / 32) % 32; }

function newModel(a, req) {
	const axes = a.physical.axes;
	const ownerIdx = [], slotIdx = [];
	axes.forEach((x, k) => (OWNER_KINDS.has(x.kind) ? ownerIdx : slotIdx).push(k));
	return {a, req, axes, ownerIdx, slotIdx, bank: bankMode(a, req, axes, ownerIdx, slotIdx), places: new Map(), at: new Map(),
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
		await drawGrid(c, serial);
		await drawInverse(c, serial);
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
	const avail = Math.max(320, ($('views').clientWidth || 1000) - 80);
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
			const colour = colorFor(c.bank ? bankOf(c, first) : c.ownerIdx.length ? ownerLinear(c, first) : (first[0] || 0));
			const okey = ownerKey(c, first);
			if (!legend.has(okey)) legend.set(okey, {colour, label: ownerText(c, first)});
			let cls = 'c';
			if (collide) cls += ' col';
			if (oob) cls += ' oob';
			if (ps.length > 1) cls += ' rep';
			parts.push('<div class="' + cls + '" data-testid="grid-cell" data-e="' + e + '" data-coord="' + coord + '"' +
				(collide ? ' data-state="collision"' : oob ? ' data-state="oob"' : '') +
				(ps.length > 1 ? ' data-rep="×' + ps.length + '"' : '') +
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
	const box = $('owner-legend');
	$('grid-sub').textContent = c.bank ? 'logical elements of a shared-memory layout; colour = bank, label = ' + c.axes[c.bank.axis].name
		: c.ownerIdx.length ? 'logical elements; colour and label = owner/slot' : 'logical elements; colour and label = place';
	const what = c.ownerIdx.length ? 'owner (' + c.ownerIdx.map((k) => c.axes[k].name).join(', ') + ')' : (c.axes[0] ? c.axes[0].name : 'place');
	if (c.bank) {
		/* a shared-memory layout: one colour per bank, a key to light one */
		const name = c.axes[c.bank.axis].name;
		const items = [...legend.entries()].sort((x, y) => Number(x[0]) - Number(y[0]));
		box.replaceChildren(h('span', {class: 'muted small', 'data-testid': 'legend-what'},
			'colour = bank (' + name + ' × ' + c.bank.bits + ' bits / 32 mod 32; element width: ' + c.bank.from + '), label = ' + name + ':'),
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

/* ---------- checking and sharing ---------- */
function hashFor(req) {
	const only = Object.keys(req).length === 1 ? req.layout : req;
	return '#layout=' + b64urlEncode(JSON.stringify(only));
}

function setShare(hash) {
	const url = location.origin + location.pathname + hash;
	$('share-url').value = url;
	if (location.hash !== hash) history.replaceState(null, '', hash);
	return url;
}

let checkCount = 0;
async function runCheck(opts) {
	opts = opts || {};
	showError(null);
	let req;
	try {
		req = readEditor();
	} catch (e) {
		showError(e, e.source);
		$('verdict').dataset.checks = String(++checkCount);
		return null;
	}
	$('check-btn').disabled = true;
	$('verdict').setAttribute('aria-busy', 'true');
	try {
		const res = await api('POST', '/v1/analyze', req);
		const a = res.data;
		req = resolveText(req, a);
		renderVerdict(a);
		renderBanks(a, req);
		const tv = tvSuspect(req);
		if (tv) {
			const btn = h('button', {type: 'button', 'data-testid': 'tv-warning-fix'}, 'Check it as tv');
			btn.addEventListener('click', () => checkAsTv(req));
			$('verdict').prepend(h('div', {class: 'banner warn', 'data-testid': 'tv-warning'},
				'⚠ This looks like a thread-value layout (' + tv.threads + ' threads × ' + tv.values +
				' values) checked as memory: its modes were read as logical coordinates and its values as offsets. ' +
				'If it maps (thread, value) to a tile, set the CuTe role to tv and give the tile shape. ', btn));
		}
		setShare(opts.hash || hashFor(req));
		if (!opts.hash) $('registry-banner').hidden = true;
		await loadViews(a, req);
		return a;
	} catch (e) {
		if (!(e instanceof Problem)) throw e;
		$('verdict').replaceChildren(h('div', {class: 'status fail'},
			h('span', {class: 'badge', 'data-testid': 'verdict-status'}, 'ERROR'),
			h('span', {class: 'reason'}, 'the layout was refused; see the message above')));
		$('views').hidden = true;
		$('banks').hidden = true;
		showError(e);
		setShare(opts.hash || hashFor(req));
		return null;
	} finally {
		$('check-btn').disabled = false;
		$('verdict').removeAttribute('aria-busy');
		$('verdict').dataset.checks = String(++checkCount);
	}
}

/* ---------- bank view: one wavefront, 32 banks x distinct words ---------- */
let bank = null;   /* {req, a, sreq?, sa?, swizzled} */

function accessLine(acc) {
	const bc = Number.isInteger(acc.bank_conflicts) ? String(acc.bank_conflicts) : acc.bank_conflicts.toFixed(3);
	return acc.op + ' of ' + acc.vector.bits + '-bit vectors (' + acc.vector.elements + ' × ' + acc.element_bits + ' bits), ' +
		plural(acc.instructions, 'instruction') + ', ' + acc.lanes_per_wavefront + ' lanes per wavefront: ' +
		acc.wavefronts + ' wavefronts (ideal ' + acc.ideal_wavefronts + '), ' + bc + ' bank conflicts, at worst ' +
		acc.max_ways + '-way' + (acc.analytic !== undefined ? ' (Triton\'s closed form: ' + acc.analytic + ')' : '');
}

function drawBankGrid(a) {
	const v = a.access.view;
	const names = a.logical.names;
	const table = $('bank-grid');
	table.replaceChildren();
	if (!v) return;
	const hot = new Set(v.conflicting_banks);
	const depth = Math.max(1, ...v.banks.map((b) => b.words.length));
	table.append(h('tr', {}, h('th', {}, 'bank'), v.banks.map((b) =>
		h('th', {class: hot.has(b.bank) ? 'conflict' : null, 'data-testid': 'bank-head', 'data-bank': b.bank,
			title: plural(b.words.length, 'word')}, String(b.bank)))));
	for (let r = 0; r < depth; r++) {
		table.append(h('tr', {}, h('th', {}, r ? 'word ' + (r + 1) : 'word 1'), v.banks.map((b) => {
			const w = b.words[r];
			if (!w) return h('td', {class: hot.has(b.bank) ? 'conflict' : null});
			const lanes = [...new Set(w.accesses.map((x) => x.lane))];
			const tip = 'word ' + w.word + ' (bank ' + b.bank + '): ' + w.accesses.map((x) =>
				'lane ' + x.lane + ' ' + fmtElem(x.logical, names) + ' @' + x.offset).join(', ');
			return h('td', {class: 'word' + (hot.has(b.bank) ? ' conflict' : ''), 'data-testid': 'bank-cell',
				'data-bank': b.bank, 'data-word': w.word, title: tip},
				'w' + w.word, h('span', {class: 'lanes'}, 'L' + lanes.join(',')));
		})));
	}
}

function renderBankState() {
	const which = bank.swizzled ? bank.sa : bank.a;
	const acc = which.access;
	const v = acc.view;
	$('bank-summary').textContent = (bank.swizzled ? 'with ' + bank.a.access.suggestion.swizzle + ': ' : '') + accessLine(acc) +
		(v ? ' — showing instruction ' + v.instruction + ', wavefront ' + v.wavefront + ' (lanes ' + v.lanes[0] + '–' + v.lanes[1] +
			', registers ' + v.registers.join(',') + '): ' + v.ways + '-way' : '');
	$('bank-instr').max = String(Math.max(0, acc.instructions - 1));
	$('bank-wf').max = String(Math.max(0, acc.wavefronts_per_instruction - 1));
	if (v) {
		$('bank-instr').value = String(v.instruction);
		$('bank-wf').value = String(v.wavefront);
	}
	$('bank-original').hidden = !bank.swizzled;
	$('bank-swizzle').hidden = bank.swizzled;
	drawBankGrid(which);
}

function renderBanks(a, req) {
	if (!a.access) {
		$('banks').hidden = true;
		bank = null;
		return;
	}
	bank = {req, a, swizzled: false};
	$('banks').hidden = false;
	$('bank-compare').hidden = true;
	renderBankState();
}

/* Ask for another wavefront (of the layout, or of its swizzled version). */
async function bankShow() {
	if (!bank) return;
	const base = bank.swizzled ? bank.sreq : bank.req;
	const req = JSON.parse(JSON.stringify(base));
	req.access.show = {instruction: Number($('bank-instr').value) || 0, wavefront: Number($('bank-wf').value) || 0};
	delete req.suggest;
	showError(null);
	try {
		const res = await api('POST', '/v1/analyze', req);
		if (bank.swizzled) bank.sa = res.data;
		else bank.a.access.view = res.data.access.view;
		renderBankState();
	} catch (e) {
		if (!(e instanceof Problem)) throw e;
		showError(e);
	}
}

/* Apply the suggested swizzle: the suggestion's linear layout replaces the
 * request's layout; both analyses stay side by side for the comparison. */
async function bankSwizzle() {
	if (!bank) return;
	showError(null);
	try {
		if (!bank.a.access.suggestion) {
			const req = JSON.parse(JSON.stringify(bank.req));
			req.suggest = 'swizzle';
			delete req.expect;
			const res = await api('POST', '/v1/analyze', req);
			bank.a.access.suggestion = res.data.access.suggestion;
		}
		const sug = bank.a.access.suggestion;
		const target = sug.written || sug.layout;
		if (!target) {
			$('bank-compare').hidden = false;
			$('bank-compare').textContent = sug.swizzle + ' on element offsets' + (sug.bytes ? ' (' + sug.bytes + ' on bytes)' : '') +
				': the swizzled layout is not linear over GF(2), so it cannot be shown as a layout here; it needs ' +
				sug.access.wavefronts + ' wavefronts, ' + sug.access.bank_conflicts + ' bank conflicts';
			return;
		}
		const sreq = JSON.parse(JSON.stringify(bank.req));
		sreq.layout = target;
		delete sreq.suggest;
		delete sreq.expect;
		delete sreq.probe;
		if (sreq.access) delete sreq.access.show;
		const res = await api('POST', '/v1/analyze', sreq);
		bank.sreq = sreq;
		bank.sa = res.data;
		bank.swizzled = true;
		const before = bank.a.access, after = bank.sa.access;
		$('bank-compare').hidden = false;
		$('bank-compare').textContent = (sug.needed ? sug.swizzle + ' on element offsets' + (sug.bytes ? ' (' + sug.bytes + ' on bytes)' : '') : 'no swizzle needed') +
			': ' + before.wavefronts + ' → ' + after.wavefronts + ' wavefronts, ' + before.bank_conflicts + ' → ' + after.bank_conflicts +
			' bank conflicts, at worst ' + before.max_ways + '-way → ' + after.max_ways + '-way' +
			(sug.conflict_free ? ' (conflict-free)' : ' (the least conflicting swizzle found)');
		renderBankState();
	} catch (e) {
		if (!(e instanceof Problem)) throw e;
		showError(e);
	}
}

function bankOriginal() {
	if (!bank) return;
	bank.swizzled = false;
	renderBankState();
}

/* Re-check the editor's CuTe layout with cute_role tv. */
function checkAsTv(req) {
	const t = $('editor').value.trim();
	if (t[0] === '{') {
		const L = Object.assign({}, req.layout, {cute_role: 'tv'});
		setEditor(Object.assign({}, req, {layout: L}));
	} else {
		$('raw-role').value = 'tv';
		$('raw-opts').classList.remove('inactive');
	}
	if (!req.layout.logical) { $('raw-logical').focus(); return; }
	runCheck();
}

async function share() {
	const req = (() => { try { return readEditor(); } catch (e) { showError(e, e.source); return null; } })();
	if (!req) return;
	const hash = location.hash.startsWith('#registry=') && !$('registry-banner').hidden ? location.hash : hashFor(req);
	const url = setShare(hash);
	$('share-url').select();
	try { await navigator.clipboard.writeText(url); $('share-btn').textContent = 'Link copied'; }
	catch (e) { $('share-btn').textContent = 'Link ready'; }
	setTimeout(() => { $('share-btn').textContent = 'Share link'; }, 1500);
}

/* ---------- routing: #layout=… and #registry=name@version ---------- */
function showTab(which) {
	for (const t of ['check', 'registry']) {
		$('tab-' + t).setAttribute('aria-selected', String(t === which));
		$('panel-' + t).hidden = t !== which;
	}
	if (which === 'registry' && !registryLoaded) loadRegistry(false);
}

async function openRegistryInEditor(name, version) {
	showTab('check');
	showError(null);
	const path = '/v1/layouts/' + encodeURIComponent(name) + (version ? '/versions/' + encodeURIComponent(version) : '');
	let v;
	try {
		v = (await api('GET', path)).data;
	} catch (e) {
		$('verdict').replaceChildren();
		$('views').hidden = true;
		showError(e);
		return;
	}
	const req = {layout: v.layout};
	if (v.expect) req.expect = v.expect;
	setEditor(req);
	const banner = $('registry-banner');
	banner.replaceChildren('Registry ', h('strong', {}, v.name + '@' + v.version),
		v.description ? ' — ' + v.description : '',
		v.analysis ? h('span', {class: 'badge small ' + (v.analysis.ok ? 'pass' : 'fail')}, v.analysis.ok ? 'registered: PASS' : 'registered: FAIL') : '');
	banner.hidden = false;
	await runCheck({hash: '#registry=' + encodeURIComponent(v.name) + '@' + v.version});
}

async function route() {
	const hash = location.hash;
	if (hash.startsWith('#layout=')) {
		showTab('check');
		let text;
		try {
			text = b64urlDecode(hash.slice(8));
			setEditor(JSON.parse(text));
		} catch (e) {
			showError(new Problem({title: 'Bad shared link', code: 'client', detail: 'the #layout= part is not base64url-encoded JSON: ' + e.message}));
			return;
		}
		$('preset').value = '';
		await runCheck({hash});
	} else if (hash.startsWith('#registry=')) {
		const ref = decodeURIComponent(hash.slice(10));
		const at = ref.lastIndexOf('@');
		const name = at > 0 ? ref.slice(0, at) : ref;
		const version = at > 0 ? ref.slice(at + 1) : '';
		await openRegistryInEditor(name, version);
	} else if (hash === '#registry') {
		showTab('registry');
	}
}

/* ---------- the registry ---------- */
let registryLoaded = false;
let registryNext = null;

function fmtDate(s) { return s ? String(s).replace('T', ' ').replace(/\.\d+/, '').replace('Z', ' UTC') : ''; }
function verdictBadge(analysis, testid) {
	if (!analysis) return h('span', {class: 'muted'}, '…');
	return h('span', {class: 'badge small ' + (analysis.ok ? 'pass' : 'fail'), 'data-testid': testid}, analysis.ok ? 'PASS' : 'FAIL');
}

async function loadRegistry(more) {
	registryLoaded = true;
	const prefix = $('registry-search').value.trim();
	const body = $('registry-rows');
	const status = $('registry-status');
	if (!more) { body.replaceChildren(); registryNext = null; }
	let q = '/v1/layouts?limit=50';
	if (prefix) q += '&prefix=' + encodeURIComponent(prefix);
	if (more && registryNext) q += '&after=' + encodeURIComponent(registryNext);
	status.textContent = 'loading…';
	let data;
	try {
		data = (await api('GET', q)).data;
	} catch (e) {
		status.textContent = 'The registry did not answer: ' + (e.problem ? e.problem.detail || e.problem.title : e.message);
		return;
	}
	registryNext = data.next;
	$('registry-more').hidden = !data.next;
	const layouts = data.layouts || [];
	status.textContent = (layouts.length || more) ? '' : (prefix ? 'No layout name starts with "' + prefix + '".' : 'The registry is empty: register the layout in the editor below.');
	for (const l of layouts) {
		const vcell = h('td', {}, verdictBadge({ok: l.ok}, 'registry-list-verdict'));
		body.append(h('tr', {},
			h('td', {class: 'wrap'}, h('button', {type: 'button', class: 'link', 'data-testid': 'registry-entry', 'data-name': l.name,
				onclick: () => openRegistryEntry(l.name)}, l.name)),
			h('td', {}, 'v' + l.version + (l.versions ? ' of ' + l.versions : '')),
			vcell,
			h('td', {class: 'wrap'}, l.description || ''),
			h('td', {class: 'small'}, fmtDate(l.created))));
	}
}

function countsLine(an) {
	if (!an || !an.counts) return '';
	return Object.entries(an.counts).map(([k, v]) => k.replace(/_/g, ' ') + ' ' + (typeof v === 'object' ? JSON.stringify(v) : v)).join(' · ');
}

async function openRegistryEntry(name, version) {
	const box = $('registry-detail');
	box.replaceChildren(h('p', {class: 'muted'}, 'loading ' + name + '…'));
	let v, vs;
	try {
		const path = '/v1/layouts/' + encodeURIComponent(name);
		[v, vs] = await Promise.all([
			api('GET', version ? path + '/versions/' + version : path).then((r) => r.data),
			api('GET', path + '/versions?limit=200').then((r) => r.data)]);
	} catch (e) {
		box.replaceChildren(h('p', {class: 'error'}, (e.problem && (e.problem.detail || e.problem.title)) || e.message));
		return;
	}
	const versions = vs.versions || [];
	const an = v.analysis || {};
	const verdictFlags = an.verdict ? VERDICT_FIELDS.filter((f) => f in an.verdict).map((f) =>
		h('span', {class: 'flag ' + (an.verdict[f] ? 'yes' : (REQUIRED.includes(f) ? 'no' : 'soft'))}, (an.verdict[f] ? '✓ ' : '✗ ') + f.replace('_', ' '))) : [];
	const selA = h('select', {'data-testid': 'compare-a', 'aria-label': 'version A'});
	const selB = h('select', {'data-testid': 'compare-b', 'aria-label': 'version B'});
	for (const x of versions) {
		selA.append(h('option', {value: x.version}, 'v' + x.version));
		selB.append(h('option', {value: x.version}, 'v' + x.version));
	}
	if (versions.length > 1) {
		const nums = versions.map((x) => x.version).sort((p, q) => p - q);
		selA.value = String(nums[nums.length - 2]);
		selB.value = String(nums[nums.length - 1]);
	}
	const cmpOut = h('div', {'data-testid': 'compare-result', class: 'compare-result', 'aria-live': 'polite'});
	box.replaceChildren(...[
		h('h2', {'data-testid': 'registry-detail-name'}, v.name + '@' + v.version),
		v.description ? h('p', {}, v.description) : null,
		h('div', {class: 'status ' + (an.ok ? 'pass' : 'fail')}, verdictBadge(an, 'registry-verdict'), h('span', {class: 'reason small'}, countsLine(an))),
		h('div', {class: 'flags'}, verdictFlags),
		h('dl', {class: 'facts'},
			h('dt', {}, 'fingerprint'), h('dd', {}, h('code', {}, v.fingerprint || '')),
			h('dt', {}, 'id'), h('dd', {}, h('code', {}, v.id || '')),
			h('dt', {}, 'created'), h('dd', {}, fmtDate(v.created) + (v.created_by ? ' by ' + v.created_by : ''))),
		h('div', {class: 'row'},
			h('a', {class: 'button primary', href: '#registry=' + encodeURIComponent(v.name) + '@' + v.version, 'data-testid': 'registry-open'}, 'Open in the editor'),
			h('button', {type: 'button', 'data-testid': 'registry-use-name', onclick: () => { $('reg-name').value = v.name; $('reg-name').focus(); }}, 'Register a new version…')),
		h('details', {}, h('summary', {}, 'definition'), h('pre', {class: 'def'}, JSON.stringify(v.layout, null, 2))),
		h('h3', {}, 'Versions'),
		h('table', {class: 'list', 'data-testid': 'registry-versions'},
			h('thead', {}, h('tr', {}, h('th', {}, 'Version'), h('th', {}, 'Created'), h('th', {}, 'By'), h('th', {}, 'Description'), h('th', {}, 'Fingerprint'))),
			h('tbody', {}, versions.map((x) => h('tr', {class: x.version === v.version ? 'sel' : ''},
				h('td', {}, h('button', {type: 'button', class: 'link', 'data-testid': 'registry-version', 'data-version': x.version,
					onclick: () => openRegistryEntry(name, x.version)}, 'v' + x.version)),
				h('td', {class: 'small'}, fmtDate(x.created)),
				h('td', {class: 'small'}, x.created_by || ''),
				h('td', {class: 'wrap'}, x.description || ''),
				h('td', {class: 'small'}, h('code', {title: x.fingerprint || ''}, (x.fingerprint || '').slice(7, 19))))))),
		vs.next ? h('p', {class: 'muted small'}, 'older versions not shown') : null,
		versions.length > 1 ? h('div', {class: 'row compare'}, h('strong', {}, 'Compare '), selA, ' with ', selB,
			h('button', {type: 'button', 'data-testid': 'compare', onclick: () => compareVersions(name, selA.value, selB.value, cmpOut)}, 'Compare')) : null,
		cmpOut].filter((x) => x !== null));
}

async function compareVersions(name, va, vb, out) {
	out.replaceChildren(h('p', {class: 'muted'}, 'comparing…'));
	try {
		const path = '/v1/layouts/' + encodeURIComponent(name) + '/versions/';
		const [A, B] = await Promise.all([api('GET', path + va), api('GET', path + vb)]);
		const r = (await api('POST', '/v1/compare', {a: A.data.layout, b: B.data.layout})).data;
		const names = (cur && cur.a && cur.a.logical.names) || null;
		const fmtPlaces = (ps) => ps && ps.length ? ps.map((p) => fmtPlace(p)).join(' | ') : 'no place';
		out.replaceChildren(...[
			h('p', {'data-testid': 'compare-summary', class: r.equal ? 'pass-text' : 'fail-text'},
				r.equal ? 'v' + va + ' and v' + vb + ' place every element on the same points.'
					: 'v' + va + ' and v' + vb + ' differ: ' + plural(r.differing, 'element') + ' placed differently.' + (r.reason ? ' ' + r.reason : '')),
			r.differences && r.differences.length ? h('table', {class: 'list'},
				h('thead', {}, h('tr', {}, h('th', {}, 'element'), h('th', {}, 'v' + va), h('th', {}, 'v' + vb))),
				h('tbody', {}, r.differences.map((d) => h('tr', {},
					h('td', {}, fmtElem(d.logical, names && names.length === d.logical.length ? names : d.logical.map((_, k) => 'ijkl'[k] || 'd' + k))),
					h('td', {}, h('code', {}, fmtPlaces(d.a))), h('td', {}, h('code', {}, fmtPlaces(d.b))))))) : null].filter((x) => x !== null));
	} catch (e) {
		out.replaceChildren(h('p', {class: 'error'}, (e.problem && (e.problem.detail || e.problem.title)) || e.message));
	}
}

/* A new version that moves the logical shape or the placement of a name
 * breaks every CI job comparing with it (check --equals NAME): say so,
 * and register only on a second, deliberate submit. */
let registerConfirm = null;
async function versionChanges(name, req) {
	let latest;
	try {
		latest = (await api('GET', '/v1/layouts/' + encodeURIComponent(name))).data;
	} catch (e) {
		if (e instanceof Problem && (e.problem.status === 404 || e.problem.status === 410)) return null;
		throw e;
	}
	const mine = (await api('POST', '/v1/analyze', {layout: req.layout})).data;
	const was = latest.analysis && latest.analysis.logical ? latest.analysis.logical.shape : null;
	const changes = [];
	if (was && JSON.stringify(was) !== JSON.stringify(mine.logical.shape))
		changes.push('the logical shape changes from [' + was.join(', ') + '] to [' + mine.logical.shape.join(', ') + ']');
	if (latest.fingerprint !== mine.fingerprint)
		changes.push('the placement changes (fingerprint ' + String(latest.fingerprint).slice(0, 19) + '… → ' + String(mine.fingerprint).slice(0, 19) + '…)');
	return changes.length ? {version: latest.version, changes, key: name + ' ' + mine.fingerprint} : null;
}

async function register(ev) {
	ev.preventDefault();
	const out = $('register-result');
	out.replaceChildren();
	const name = $('reg-name').value.trim();
	let req;
	try {
		req = readEditor();
	} catch (e) {
		out.replaceChildren(h('p', {class: 'error'}, 'The editor does not hold a layout: ' + e.message));
		return;
	}
	const body = {layout: req.layout};
	if (req.expect) body.expect = req.expect;
	const desc = $('reg-desc').value.trim();
	if (desc) body.description = desc;
	const token = $('reg-token').value.trim();
	setToken(token, 'reg-token');
	const headers = token ? {Authorization: 'Bearer ' + token} : {};
	try {
		const warn = $('register-warning');
		const ch = await versionChanges(name, req);
		if (ch && registerConfirm !== ch.key) {
			registerConfirm = ch.key;
			warn.replaceChildren(h('strong', {}, '⚠ ' + name + '@' + ch.version + ' is the latest version, and CI jobs may compare with it: '),
				ch.changes.join('; ') + '. Every check --equals ' + name + ' will fail against the new version. Press the button again to register it anyway.');
			warn.hidden = false;
			$('register-submit').textContent = 'Register anyway';
			return;
		}
		registerConfirm = null;
		warn.hidden = true;
		$('register-submit').textContent = 'Register';
		const r = await api('PUT', '/v1/layouts/' + encodeURIComponent(name), body, headers);
		if (r.status === 422) throw new Problem(Object.assign({status: 422, title: 'expect failed'}, r.data));
		const d = r.data || {};
		let version = d.version;
		if (version === undefined) {
			const loc = r.headers.get('Location') || '';
			const m = /\/versions\/(\d+)/.exec(loc);
			if (m) version = Number(m[1]);
		}
		out.replaceChildren(h('p', {class: 'pass-text', 'data-testid': 'register-ok'},
			r.status === 201 ? 'Registered ' + name + '@' + version + ' (a new version).' : 'Unchanged: the definition is already ' + name + '@' + version + '.',
			' ', h('a', {href: '#registry=' + encodeURIComponent(name) + '@' + version}, 'open it')));
		loadRegistry(false);
		openRegistryEntry(name, version);
	} catch (e) {
		if (!(e instanceof Problem)) throw e;
		const p = e.problem;
		let msg = (p.title || 'Refused') + ': ' + (p.detail || '');
		if (p.status === 401) msg = 'A token is needed to write to this registry (401): ' + (p.detail || '');
		else if (p.status === 403) msg = 'The token was refused (403): ' + (p.detail || '');
		const nodes = [h('p', {class: 'error', 'data-testid': 'register-error'}, msg)];
		if (p.analysis && p.analysis.verdict) nodes.push(h('p', {class: 'small'}, 'its analysis: ' + (p.analysis.ok ? 'ok' : 'not ok') + ', ' +
			VERDICT_FIELDS.filter((f) => p.analysis.verdict[f] === false).map((f) => 'not ' + f).join(', ')));
		out.replaceChildren(...nodes);
	}
}

/* ---------- start ---------- */
function init() {
	const sel = $('preset');
	for (const p of PRESETS) sel.append(h('option', {value: p.id}, p.label));
	sel.addEventListener('change', () => {
		const p = PRESETS.find((x) => x.id === sel.value);
		if (!p) return;
		setEditor(p.request);
		runCheck();
	});
	$('editor-form').addEventListener('submit', (ev) => { ev.preventDefault(); runCheck(); });
	const rawState = () => {
		const t = $('editor').value.trim();
		$('raw-opts').classList.toggle('inactive', t === '' || t[0] === '{' || t[0] === '[');
	};
	$('editor').addEventListener('input', () => { sel.value = ''; rawState(); });
	$('editor').addEventListener('change', rawState);
	$('editor').addEventListener('keydown', (ev) => {
		if (ev.key === 'Enter' && (ev.ctrlKey || ev.metaKey)) { ev.preventDefault(); runCheck(); }
	});
	$('share-btn').addEventListener('click', share);
	$('bank-show').addEventListener('click', bankShow);
	$('bank-swizzle').addEventListener('click', bankSwizzle);
	$('bank-original').addEventListener('click', bankOriginal);
	$('tab-check').addEventListener('click', () => showTab('check'));
	$('tab-registry').addEventListener('click', () => showTab('registry'));
	$('zoom').addEventListener('input', setZoom);
	$('wrap').addEventListener('change', () => { if (cur) { cur.invPage = 0; drawInverse(cur, loadSerial); } });
	$('grid-prev').addEventListener('click', () => pageGrid(-1));
	$('grid-next').addEventListener('click', () => pageGrid(1));
	$('inv-prev').addEventListener('click', () => pageInv(-1));
	$('inv-next').addEventListener('click', () => pageInv(1));
	for (const [id, fn, sel2] of [['grid', hoverElement, '[data-e]'], ['inverse', hoverPlace, '[data-p]']]) {
		const el = $(id);
		el.addEventListener('mouseover', (ev) => {
			const t = ev.target.closest(sel2);
			if (t) fn(ev, t); else clearHighlight();
		});
		el.addEventListener('mousemove', (ev) => { if (!$('tooltip').hidden) placeTooltip(ev); });
		el.addEventListener('mouseleave', clearHighlight);
	}
	$('registry-search-form').addEventListener('submit', (ev) => { ev.preventDefault(); loadRegistry(false); });
	$('registry-more').addEventListener('click', () => loadRegistry(true));
	$('register-form').addEventListener('submit', register);
	try { setToken(sessionStorage.getItem('layoutd-token') || '', null); } catch (e) { /* ignore */ }
	for (const id of ['token', 'reg-token']) $(id).addEventListener('input', () => {
		setToken($(id).value, id);
		$('token-note').textContent = TOKEN_NOTE;
	});
	$('token-forget').addEventListener('click', forgetToken);
	$('grid').addEventListener('click', clickElement);
	for (const k of ['svg', 'png', 'tikz']) $('export-' + k).addEventListener('click', () => exportAs(k));
	for (const id of ['reg-name', 'editor']) $(id).addEventListener('input', () => { registerConfirm = null; $('register-warning').hidden = true; $('register-submit').textContent = 'Register'; });
	window.addEventListener('hashchange', route);
	setZoom();
	if (location.hash) route();
	else {
		sel.value = PRESETS[0].id;
		setEditor(PRESETS[0].request);
		$('verdict').dataset.idle = '1';
	}
}

function pageGrid(d) {
	const c = cur;
	if (!c) return;
	if (c.mode === 'paged') {
		if (d > 0) {
			if (!c.gridNext) return;
			c.gridCursors[c.gridPage + 1] = c.gridNext;
		}
		c.gridPage = Math.max(0, c.gridPage + d);
	} else c.gridPage += d;
	clearHighlight();
	drawGrid(c, loadSerial);
}
function pageInv(d) {
	const c = cur;
	if (!c) return;
	if (c.mode === 'paged') {
		if (d > 0) {
			if (!c.invNext) return;
			c.invCursors[c.invPage + 1] = c.invNext;
		}
		c.invPage = Math.max(0, c.invPage + d);
	} else c.invPage += d;
	clearHighlight();
	drawInverse(c, loadSerial);
}

document.addEventListener('DOMContentLoaded', init);
