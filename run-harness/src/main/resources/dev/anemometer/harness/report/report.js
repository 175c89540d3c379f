/* Anemometer report renderer: plain SVG charts and DOM tables, no network, no libraries.
   Every value from the data goes through textContent or setAttribute, never innerHTML. */
(function () {
  'use strict';
  var SVG = 'http://www.w3.org/2000/svg';
  var COLORS = ['#2563eb', '#ea580c', '#16a34a', '#9333ea', '#dc2626', '#0891b2', '#ca8a04', '#db2777'];
  var DATA = JSON.parse(document.getElementById('report-data').textContent);

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }
  function svg(tag, attrs, text) {
    var node = document.createElementNS(SVG, tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text !== undefined) node.textContent = String(text);
    return node;
  }
  function section(title, id) {
    var s = el('section', { id: id, 'class': 'card' });
    s.appendChild(el('h2', {}, title));
    document.getElementById('content').appendChild(s);
    return s;
  }
  function fmt(v, digits) {
    if (v === null || v === undefined || v === '') return '–';
    if (typeof v !== 'number') return String(v);
    var d = digits === undefined ? (Math.abs(v) >= 100 ? 0 : Math.abs(v) >= 10 ? 1 : 2) : digits;
    return v.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });
  }
  function isNumeric(cell) {
    if (typeof cell === 'number') return true;
    return !!(cell && typeof cell === 'object' && /(^| )num( |$)/.test(cell.cls || ''));
  }
  /* A column whose cells are all numbers is right-aligned, its header too: a left-aligned header
     over right-aligned numbers reads as if every value sat under the next column's header. */
  function table(parent, header, rows, cls) {
    var t = el('table', { 'class': cls || 'data' });
    var numeric = header.map(function (h, i) {
      var cells = rows.map(function (r) { return r[i]; }).filter(function (c) { return c !== null && c !== undefined && c !== ''; });
      return cells.length > 0 && cells.every(isNumeric);
    });
    var tr = el('tr');
    header.forEach(function (h, i) { tr.appendChild(el('th', numeric[i] ? { 'class': 'num' } : {}, h)); });
    t.appendChild(el('thead')).appendChild(tr);
    var body = t.appendChild(el('tbody'));
    rows.forEach(function (row) {
      var r = body.appendChild(el('tr'));
      row.forEach(function (cell, i) {
        var td = r.appendChild(el('td'));
        if (cell && typeof cell === 'object' && !Array.isArray(cell)) {
          td.textContent = cell.text === undefined || cell.text === null ? '' : String(cell.text);
          if (cell.cls) td.className = cell.cls;
          if (cell.title) td.title = cell.title;
        } else {
          td.textContent = cell === null || cell === undefined ? '–' : typeof cell === 'number' ? fmt(cell, cell % 1 ? undefined : 0) : String(cell);
          if (numeric[i]) td.className = 'num';
        }
      });
    });
    // A wide table scrolls inside its card rather than spilling out of the page.
    parent.appendChild(el('div', { 'class': 'table-scroll' })).appendChild(t);
    return t;
  }
  function niceTicks(max, count) {
    if (!(max > 0)) max = 1;
    var raw = max / count, mag = Math.pow(10, Math.floor(Math.log10(raw)));
    var step = [1, 2, 2.5, 5, 10].map(function (m) { return m * mag; }).find(function (s) { return s >= raw; });
    var ticks = [];
    for (var v = 0; v <= max * 1.0001 + step; v += step) { ticks.push(v); if (v >= max) break; }
    return ticks;
  }
  /* Ticks on whole seconds, minutes or hours, at most about ten of them. */
  function timeTicks(range) {
    var steps = [5, 10, 15, 20, 30, 60, 120, 180, 300, 600, 900, 1800, 3600, 7200];
    var step = steps.find(function (s) { return range / s <= 10; }) || 3600 * Math.ceil(range / 36000);
    var ticks = [];
    for (var v = 0; v <= range + 1e-9; v += step) ticks.push(v);
    return ticks;
  }
  /* m:ss (h:mm:ss past an hour), the same format on every axis and in every table. */
  function timeLabel(seconds) {
    var total = Math.round(seconds), h = Math.floor(total / 3600), m = Math.floor(total / 60) % 60, s = total % 60;
    var mm = h > 0 ? h + ':' + (m < 10 ? '0' : '') + m : String(m);
    return mm + ':' + (s < 10 ? '0' : '') + s;
  }
  /* An ISO instant to the second, in UTC: the nanoseconds of an event's timestamp are noise. */
  function instant(iso) {
    if (!iso) return iso;
    var m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})(\.\d+)?Z$/.exec(String(iso));
    return m ? m[1] + ' ' + m[2] + ' UTC' : String(iso);
  }

  /* A line chart: series [{name, color, points: [[x, y]], dashed, step}], bands
     [{x0, x1, color, title}], annotations [{x, label, color}]; x in seconds. */
  function lineChart(parent, opts) {
    var W = 1240, H = opts.height || 260, L = 64, R = 16, T = 18, B = 40;
    var box = parent.appendChild(el('div', { 'class': 'chart', 'data-chart': opts.id }));
    if (opts.title) box.appendChild(el('h3', {}, opts.title));
    if (!opts.series.some(function (s) { return s.points.length; })) {
      box.appendChild(el('p', { 'class': 'muted empty' }, opts.empty || 'Nothing was measured for this chart.'));
      return box;
    }
    var xs = [], ys = [];
    opts.series.forEach(function (s) { s.points.forEach(function (p) { xs.push(p[0]); ys.push(p[1]); }); });
    (opts.annotations || []).forEach(function (a) { xs.push(a.x); });
    var xMin = opts.xMin !== undefined ? opts.xMin : Math.min.apply(null, xs.concat([0]));
    // Charts of one page share their time range (opts.xMax) so that a moment lines up across them;
    // an annotation past it (a change that outlasted the load) is drawn at the edge.
    var xMax = opts.xMax !== undefined ? Math.max(opts.xMax, xMin + 1) : Math.max.apply(null, xs.concat([xMin + 1]));
    // Head room above the data for the annotations' labels, so they never sit on a line.
    var headroom = (opts.annotations || []).length ? 1.3 : 1.08;
    var yTicks = niceTicks(Math.max.apply(null, ys.concat([opts.yMin || 0])) * headroom, 5);
    var yMax = yTicks[yTicks.length - 1];
    var sx = function (x) { return L + (x - xMin) / (xMax - xMin) * (W - L - R); };
    var sy = function (y) { return T + (1 - y / yMax) * (H - T - B); };
    var root = svg('svg', { viewBox: '0 0 ' + W + ' ' + H, 'class': 'plot', role: 'img' });
    root.appendChild(svg('title', {}, opts.title || ''));
    (opts.bands || []).forEach(function (b) {
      var r = svg('rect', { x: sx(b.x0), y: T, width: Math.max(1, sx(b.x1) - sx(b.x0)), height: H - T - B,
        fill: b.color, 'class': 'band' });
      if (b.title) r.appendChild(svg('title', {}, b.title));
      root.appendChild(r);
    });
    yTicks.forEach(function (t) {
      root.appendChild(svg('line', { x1: L, x2: W - R, y1: sy(t), y2: sy(t), 'class': 'grid' }));
      root.appendChild(svg('text', { x: L - 8, y: sy(t) + 4, 'text-anchor': 'end', 'class': 'tick' }, fmt(t, t % 1 ? 1 : 0)));
    });
    if (opts.xCategory) { xMin = 0.5; xMax = Math.max(xMax, 1) + 0.5; }
    var xTicks = opts.xCategory ? opts.series[0].points.map(function (p) { return p[0] - xMin; }) : timeTicks(xMax - xMin);
    xTicks.forEach(function (t) {
      var x = sx(xMin + t);
      if (x > W - R + 1) return;
      root.appendChild(svg('line', { x1: x, x2: x, y1: H - B, y2: H - B + 5, 'class': 'axis' }));
      root.appendChild(svg('text', { x: x, y: H - B + 18, 'text-anchor': 'middle', 'class': 'tick' },
        opts.xCategory ? fmt(xMin + t, 0) : timeLabel(xMin + t)));
    });
    root.appendChild(svg('line', { x1: L, x2: W - R, y1: H - B, y2: H - B, 'class': 'axis' }));
    root.appendChild(svg('text', { x: W - R, y: H - 2, 'text-anchor': 'end', 'class': 'label' },
      opts.xLabel || (opts.xCategory ? '' : 'time since the load started (m:ss)')));
    root.appendChild(svg('text', { x: 14, y: T + (H - T - B) / 2, transform: 'rotate(-90 14 ' + (T + (H - T - B) / 2) + ')',
      'text-anchor': 'middle', 'class': 'label' }, opts.yLabel || ''));
    (opts.annotations || []).forEach(function (a, i) {
      var x = sx(Math.min(a.x, xMax));
      var g = root.appendChild(svg('g', { 'class': 'annotation' }));
      g.appendChild(svg('line', { x1: x, x2: x, y1: T, y2: H - B, stroke: a.color || '#6b7280', 'stroke-dasharray': '4 3' }));
      var right = x > W * 0.7;
      g.appendChild(svg('text', { x: right ? x - 4 : x + 4, y: T + 12 + (i % 3) * 13, 'text-anchor': right ? 'end' : 'start',
        'class': 'note', fill: a.color || '#374151' }, a.label));
      g.appendChild(svg('title', {}, a.label + ' at ' + timeLabel(a.x)));
    });
    opts.series.forEach(function (s, i) {
      if (!s.points.length) return;
      var color = s.color || COLORS[i % COLORS.length], d = '';
      s.points.forEach(function (p, j) {
        // A step point [x, y, color, x0] holds y over (x0, x]: an interval's value, drawn across it.
        if (s.step && p[3] !== undefined) d += (j ? 'L' : 'M') + sx(p[3]).toFixed(1) + ' ' + sy(p[1]).toFixed(1) + 'H' + sx(p[0]).toFixed(1);
        else d += (j ? 'L' : 'M') + sx(p[0]).toFixed(1) + ' ' + sy(p[1]).toFixed(1);
      });
      root.appendChild(svg('path', { d: d, stroke: color, 'class': 'series', fill: 'none',
        'stroke-dasharray': s.dashed ? '6 4' : 'none', 'data-series': s.name, 'data-points': s.points.length }));
      if (s.markers !== false && s.points.length <= 120) {
        s.points.forEach(function (p) {
          var c = svg('circle', { cx: sx(p[0]), cy: sy(p[1]), r: s.markerRadius || 2.5,
            fill: p[2] || color, 'class': 'point' });
          c.appendChild(svg('title', {}, s.name + ': ' + fmt(p[1]) + (opts.yUnit || '') + ' at ' +
            (opts.xCategory ? fmt(p[0], 0) : timeLabel(p[0]))));
          root.appendChild(c);
        });
      }
    });
    box.appendChild(root);
    var legend = box.appendChild(el('div', { 'class': 'legend' }));
    opts.series.forEach(function (s, i) {
      if (s.legend === false) return;
      var item = legend.appendChild(el('span', { 'class': 'key' }));
      item.appendChild(el('i', { style: 'background:' + (s.color || COLORS[i % COLORS.length]) }));
      item.appendChild(document.createTextNode(s.name));
    });
    (opts.legendExtra || []).forEach(function (x) {
      var item = legend.appendChild(el('span', { 'class': 'key' }));
      item.appendChild(el('i', { style: 'background:' + x.color }));
      item.appendChild(document.createTextNode(x.name));
    });
    return box;
  }

  /* ---------- shared helpers over the driver's interval lines ---------- */
  function seconds(ms) { return ms / 1000; }
  function totalThroughput(line) {
    return line.operations.reduce(function (a, o) { return a + (o.throughputPerSecond || 0); }, 0);
  }
  function failureRate(line) {
    var secs = Math.max(0.001, (line.toMillis - line.fromMillis) / 1000);
    return line.operations.reduce(function (a, o) { return a + (o.failures || 0); }, 0) / secs;
  }
  function operationNames(lines) {
    var names = [];
    lines.forEach(function (l) { l.operations.forEach(function (o) {
      if (names.indexOf(o.operation) < 0) names.push(o.operation); }); });
    return names;
  }
  function opPoints(lines, op, field) {
    var pts = [];
    lines.forEach(function (l) { l.operations.forEach(function (o) {
      if (o.operation === op && o.count > 0) pts.push([seconds(l.toMillis), o[field]]); }); });
    return pts;
  }
  function selector(parent, label, options, onChange) {
    var wrap = parent.appendChild(el('label', { 'class': 'select' }, label + ' '));
    var sel = wrap.appendChild(el('select'));
    options.forEach(function (o) { sel.appendChild(el('option', { value: o }, o)); });
    sel.addEventListener('change', function () { onChange(sel.value); });
    return sel;
  }

  /* A repeat set's statistics, whether its runs agree and why it stopped (repeats.json). */
  function repeatSummary(box, set) {
    var st = set.statistics, whole = set.metric === 'peak users' ? 0 : 1;
    if (st) {
      var ci = st.confidenceInterval;
      table(box, ['Runs', 'Mean ± 95 % CI', '95 % CI', 'Min', 'Max', 'Spread', 'Spread (% of mean)', 'SD', 'CV'], [[
        st.runs, { text: fmt(st.mean, 1) + (ci ? ' ± ' + fmt(ci.halfWidth, 1) + ' (' + fmt(ci.halfWidthPercent, 1) + ' %)' : ''), cls: 'num' },
        { text: ci ? fmt(ci.low, 1) + '–' + fmt(ci.high, 1) : '–', cls: 'num' },
        { text: fmt(st.min, whole), cls: 'num' }, { text: fmt(st.max, whole), cls: 'num' },
        { text: fmt(st.spread, whole), cls: 'num' }, { text: fmt(st.spreadPercent, 1) + ' %', cls: 'num' },
        { text: fmt(st.standardDeviation, 1), cls: 'num' }, { text: fmt(st.cvPercent, 1) + ' %', cls: 'num' }]]);
      var t = set.tolerance || {};
      box.appendChild(el('p', { 'class': set.disagree ? 'bad' : 'good' }, (set.disagree ? 'Repeats disagree: spread ' : 'Repeats agree: spread ') +
        fmt(st.spreadPercent, 1) + ' % ' + (set.disagree ? '> ' : '≤ ') + t.name + ' ' + fmt(t.percent, 1) + ' %' +
        (set.disagree ? ' — a difference smaller than the spread cannot be told from noise.' : '.')));
    } else {
      box.appendChild(el('p', { 'class': 'muted' }, 'Fewer than two runs gave a result: no spread to report.'));
    }
    var m = set.machine;
    if (m) {
      var spreads = [['CPU reference', m.cpu], ['loopback', m.loopback]].filter(function (x) { return x[1]; })
        .map(function (x) { return x[0] + ' ' + fmt(x[1].min, 2) + '–' + fmt(x[1].max, 2) + ' (' + fmt(x[1].spreadPercent, 1) + ' %)'; });
      box.appendChild(el('p', { 'class': m.moved ? 'bad' : 'muted' }, m.moved
        ? 'The machine\'s own speed moved between the runs: ' + spreads.join(', ') + ', beyond the ' + (set.tolerance || {}).name + ' of ' + fmt((set.tolerance || {}).percent, 1) + ' %' +
          '; the spread of the runs includes it. Compare runs whose reference figures agree.'
        : 'Machine between the runs: ' + spreads.join(', ') + '.'));
    }
    var rule = set.stopRule || {};
    box.appendChild(el('p', {}, 'Rule: ' + (rule.rule || '–') + '. Stopped: ' + (rule.reason || 'not yet (the set was broken off or is running)') + '.'));
  }

  window.AnemometerReport = { repeatSummary: repeatSummary, el: el, svg: svg, section: section, table: table, fmt: fmt, lineChart: lineChart,
    totalThroughput: totalThroughput, failureRate: failureRate, operationNames: operationNames,
    opPoints: opPoints, selector: selector, timeLabel: timeLabel, instant: instant, COLORS: COLORS, DATA: DATA };
})();
