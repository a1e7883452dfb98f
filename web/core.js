/* layoutd dashboard, core.js: the presets, limits, small
 * helpers (h, esc, base64url), the token, the API client, formatting in the
 * user's coordinates and the editor.  Plain browser JavaScript, no
 * dependencies, served from the daemon itself; the parts are classic scripts
 * loaded in order by index.html and share one global scope. */
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
	{id: "cute-algebra-logical-divide", label: "CuTe algebra: logical_divide((4,2,3):(2,1,8), 4:2)",
	 request: {"layout": {"cute": "logical_divide((4,2,3):(2,1,8), 4:2)"}}},
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
	{id: "access-gfx942-128bit-store", label: "Bank conflicts on AMD gfx942: 128-bit stores in groups of 8 lanes (2-way; loads are free)",
	 request: {"layout": {"logical": [64, 4], "expr": {"offset": "4 * ((i % 4) + 4 * ((i >> 4) & 1) + 8 * ((i >> 2) & 3) + 32 * (i >> 5)) + j"}}, "access": {"threads": {"logical": [64, 4], "expr": {"lane": "i", "register": "j"}}, "element_bits": 32, "target": "gfx942", "op": "store"}}},
	{id: "access-gfx950-128bit-load", label: "Banks on AMD gfx950: 128-bit reads of a 64×4 f32 tile (64 banks, 16-lane phases)",
	 request: {"layout": {"logical": [64, 4], "expr": {"offset": "i * 4 + j"}}, "access": {"threads": {"logical": [64, 4], "expr": {"lane": "i", "register": "j"}}, "element_bits": 32, "target": "gfx950", "op": "load"}}},
	{id: "tmem-atom-32dp32b8x", label: "TMEM: CUTLASS SM100_TMEM_LOAD_32dp32b8x (one warp, 32 lanes × 8 columns)",
	 request: {"layout": {"cute": "SM100_TMEM_LOAD_32dp32b8x"}}},
	{id: "tmem-all-warps-lane0", label: "TMEM broken: four warps all on lanes 0–31 (sub-partition violations)",
	 request: {"layout": {"logical": [128, 8], "expr": {"thread": "i", "TLane": "i % 32", "TCol": "j"}}}},
	{id: "global-f32-misaligned", label: "Global memory: 32 lanes reading f32 one word off alignment (5 sectors, 80%)",
	 request: {"layout": {"logical": [32], "expr": {"offset": "i + 1"}}, "access": {"threads": {"logical": [32], "expr": {"laneid": "i"}}, "element_bits": 32, "space": "global"}, "expect": {"efficiency": 0.9}}},
	{id: "convert-blocked-transpose", label: "Conversion: Triton #blocked 16×16 to its transpose (through shared memory)",
	 request: {"layout": {"ttgir": "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>", "shape": [16, 16]}, "convert": {"to": {"ttgir": "#ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [0, 1]}>", "shape": [16, 16]}, "element_bits": 32}}},
	{id: "cute-gmma-k-sw128-f16", label: "Swizzled smem: CuTe GMMA::Layout_K_SW128_Atom<half_t> as print() shows it",
	 request: {"layout": {"cute": "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)"}, "expect": {"bijective": true}, "probe": [[0, 0], [1, 0], [7, 63]]}},
	{id: "tvm-compose-swizzle-128b-f16", label: "Swizzled smem: TVM ComposeLayout(3, 3, 3, …) over (8, 64)",
	 request: {"layout": {"axe": "T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(8, 64):(64, 1)]))", "logical": [8, 64]}, "expect": {"bijective": true}, "probe": [[1, 0], [1, 8]]}},
	{id: "cutlass-sm80-16x8x32-s4-b-before-pr3140", label: "Broken: CUTLASS SM80 16x8x32 S4 B before PR #3140",
	 request: {"layout": {"name": "SM80_16x8x32_S32S4S4S32_TN BLayout before PR #3140", "cute": "Layout<Shape <Shape < _4, _8>, Shape <_8>>,\n                         Stride<Stride<_32, _1>, Stride<_8>>>", "cute_role": "tv", "logical": [8, 32]}, "probe": [[0, 4], [0, 20]]}},
	{id: "copy-ldmatrix-dot-b-trans", label: "Copy: which ldmatrix loads a Triton #dot_op B 16×16 f16 (.x4.trans)",
	 request: {"layout": {"ttgir": "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>", "shape": [16, 16]}, "copy": {"instruction": "ldmatrix", "element_bits": 16, "threads": {"ttgir": "#ttg.dot_op<{opIdx = 1, parent = #ttg.nvidia_mma<{versionMajor = 2, warpsPerCTA = [1, 1], instrShape = [16, 8]}>, kWidth = 2}>", "shape": [16, 16]}}}},
	{id: "copy-tma-128x128-sw128", label: "Copy: TMA 128B swizzle into #ttg.nvmma_shared 128×128 f16 (two boxes)",
	 request: {"layout": {"ttgir": "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>", "shape": [128, 128]}, "copy": {"instruction": "tma", "element_bits": 16, "global": {"shape": [1024, 4096], "strides": [1, 1024], "base_align": 256}, "box": [64, 128], "swizzle": "128B"}}}
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

