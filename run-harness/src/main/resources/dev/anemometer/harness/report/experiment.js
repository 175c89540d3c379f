/* The page of an experiment: its verdicts, each round's values and ratios, the interval over the
   rounds, and the machine's pace per round (experiment.json). */
(function () {
  'use strict';
  var A = window.AnemometerReport, D = A.DATA, el = A.el, fmt = A.fmt, svg = A.svg;
  var x = D.experiment || {}, rounds = x.rounds || [], variants = x.variants || [], comps = x.comparisons || [];
  var base = variants.length ? variants[0].name : 'base', whole = x.metricKey === 'peak' ? 0 : 1;
  var differs = comps.some(function (c) { return c.differs; });
  var anyInterval = comps.some(function (c) { return c.ratio != null; });
  var v = document.getElementById('verdict');
  v.textContent = !anyInterval ? 'NO INTERVAL YET' : differs ? 'DIFFERENCE DETECTED' : 'NO DIFFERENCE DETECTED';
  v.className = 'verdict ' + (!anyInterval ? '' : x.aa && differs ? 'FAILED' : differs ? 'INTERRUPTED' : 'PASSED');
  function signed(p) { return p == null ? '–' : (p < 0 ? '−' : '+') + fmt(Math.abs(p), 1); }
  var facts = [['Name', x.name], ['Metric', x.metric], ['Variants', variants.map(function (w) { return w.name; }).join(' vs ')],
    ['Kind', x.aa ? 'A/A (same configuration)' : 'A/B'], ['Started', A.instant(x.startedAt)], ['Rounds', rounds.length],
    ['Wall time', A.timeLabel(x.wallSeconds || 0)], ['Order seed', x.seed], ['Stopped', x.stopReason]];
  var dl = document.getElementById('facts');
  facts.forEach(function (f) {
    var d = dl.appendChild(el('div', { 'class': 'fact' }));
    d.appendChild(el('span', { 'class': 'k' }, f[0]));
    d.appendChild(el('span', { 'class': 'v' }, f[1] === undefined || f[1] === null || f[1] === '' ? '–' : f[1]));
  });

  var box = A.section('Verdict: each variant against ' + base, 'verdicts');
  A.table(box, ['Variant', 'Rounds', 'Mean ratio', 'Change', '95 % CI', '± half-width', 'Verdict'], comps.map(function (c) {
    return [c.variant, c.rounds, { text: c.ratio == null ? '–' : fmt(c.ratio, 4), cls: 'num' },
      { text: c.changePercent == null ? '–' : signed(c.changePercent) + ' %', cls: 'num' },
      { text: c.low == null ? '–' : signed(c.lowPercent) + ' … ' + signed(c.highPercent) + ' %', cls: 'num' },
      { text: c.halfWidthPercent == null ? '–' : fmt(c.halfWidthPercent, 1) + ' %', cls: 'num' },
      { text: c.verdict, cls: c.ratio == null ? 'muted' : c.differs ? 'bad' : 'good' }];
  }));
  box.appendChild(el('p', { 'class': 'muted' }, 'Interval: ' + x.method + '. Rule: ' + x.stopRule + '.'));
  if (x.machine) box.appendChild(el('p', { 'class': !anyInterval ? 'muted' : differs ? 'bad' : 'good' }, x.machine));

  var valueBox = A.section('Values per round (' + x.metric + ')', 'values');
  A.lineChart(valueBox, { id: 'values', title: x.metric + ' per round', xCategory: true, xLabel: 'round', yLabel: x.metric,
    series: variants.map(function (w, i) {
      return { name: w.name, color: A.COLORS[i % A.COLORS.length], points: rounds.map(function (r) {
        var run = (r.runs || []).filter(function (u) { return u.variant === w.name; })[0];
        return run && run.value != null ? [r.round, run.value] : null;
      }).filter(function (p) { return p; }) };
    // The chart takes its round ticks from its first series: the one with the most rounds leads.
    }).sort(function (a, b) { return b.points.length - a.points.length; }) });

  var ratioBox = A.section('Ratio to ' + base + ' per round, with the 95 % interval over the rounds', 'ratios');
  comps.forEach(function (c, i) { ratioPlot(ratioBox, c, A.COLORS[(i + 1) % A.COLORS.length]); });

  var paceBox = A.section('The machine per round', 'machine');
  A.lineChart(paceBox, { id: 'pace', title: 'nginx + HAProxy CPU µs per user-second where the results rest (higher: a slower machine)',
    xCategory: true, xLabel: 'round', yLabel: 'µs per user-second',
    series: [{ name: 'round mean', points: rounds.filter(function (r) { return r.paceMicrosPerUserSecond != null; })
      .map(function (r) { return [r.round, r.paceMicrosPerUserSecond]; }) }],
    empty: 'No run measured its pace (it needs nginx and HAProxy and the local or compose target).' });
  A.table(paceBox, ['Round', 'Run of round', 'Variant', 'Results folder', 'Outcome', x.metric, 'Hint', 'Pace µs/user-s', 'CPU reference (start, after)', 'Loopback (start, after)'],
    [].concat.apply([], rounds.map(function (r) {
      return (r.runs || []).map(function (u, j) {
        return [r.round, j + 1, u.variant, u.directory,
          { text: u.outcome, cls: u.outcome === 'PASSED' ? 'good' : 'bad' },
          { text: fmt(u.value, whole), cls: 'num' }, u.hint || '–',
          { text: fmt(u.paceMicrosPerUserSecond, 0), cls: 'num' },
          { text: pair(u.cpuScore, u.cpuScoreAfter), cls: 'num' }, { text: pair(u.loopbackScore, u.loopbackScoreAfter), cls: 'num' }];
      });
    })));
  var list = paceBox.appendChild(el('ul', { 'class': 'files' }));
  (D.reports || []).forEach(function (dir) {
    list.appendChild(el('li')).appendChild(el('a', { href: encodeURIComponent(dir) + '/report.html' }, 'report of ' + dir));
  });

  function pair(start, after) { return (start == null ? '–' : fmt(start, 2)) + (after == null ? '' : ', ' + fmt(after, 2)); }

  /* Each round's change in percent as a point, the interval as a band, no difference as a line. */
  function ratioPlot(parent, c, color) {
    var W = 1240, H = 220, L = 64, R = 16, T = 16, B = 36;
    var pts = rounds.filter(function (r) { return r.ratios && r.ratios[c.variant] != null; })
      .map(function (r) { return [r.round, (r.ratios[c.variant] - 1) * 100]; });
    var chart = parent.appendChild(el('div', { 'class': 'chart', 'data-chart': 'ratio-' + c.variant }));
    chart.appendChild(el('h3', {}, c.variant + ' / ' + base + ': ' + c.verdict));
    if (!pts.length) { chart.appendChild(el('p', { 'class': 'muted empty' }, 'No round gave a ratio yet.')); return; }
    var ys = pts.map(function (p) { return p[1]; }).concat([0]);
    if (c.lowPercent != null) ys.push(c.lowPercent, c.highPercent);
    var yMin = Math.min.apply(null, ys), yMax = Math.max.apply(null, ys), pad = Math.max(0.5, (yMax - yMin) * 0.1);
    yMin -= pad; yMax += pad;
    var n = Math.max(rounds.length, 1);
    var sx = function (r) { return L + (r - 0.5) / n * (W - L - R); };
    var sy = function (y) { return T + (yMax - y) / (yMax - yMin) * (H - T - B); };
    var root = svg('svg', { viewBox: '0 0 ' + W + ' ' + H, 'class': 'plot', role: 'img' });
    if (c.lowPercent != null) {
      var band = svg('rect', { x: L, y: sy(c.highPercent), width: W - L - R, height: Math.max(1, sy(c.lowPercent) - sy(c.highPercent)),
        fill: color, 'fill-opacity': 0.15, 'class': 'band' });
      band.appendChild(svg('title', {}, '95 % CI ' + signed(c.lowPercent) + ' … ' + signed(c.highPercent) + ' %'));
      root.appendChild(band);
      root.appendChild(svg('line', { x1: L, x2: W - R, y1: sy(c.changePercent), y2: sy(c.changePercent), stroke: color, 'stroke-dasharray': '6 4' }));
    }
    root.appendChild(svg('line', { x1: L, x2: W - R, y1: sy(0), y2: sy(0), 'class': 'axis' }));
    // Round steps, so that 0 % (no difference, the line above) is always one of the ticks.
    var raw = (yMax - yMin) / 4, mag = Math.pow(10, Math.floor(Math.log10(raw))), step = mag;
    [2, 5, 10].forEach(function (m) { if (step < raw) step = m * mag; });
    for (var t = Math.ceil(yMin / step) * step; t <= yMax; t += step) {
      var at = Math.abs(t) < step / 2 ? 0 : t;
      root.appendChild(svg('text', { x: L - 8, y: sy(at) + 4, 'text-anchor': 'end', 'class': 'tick' },
        at === 0 ? '0 %' : signed(at) + ' %'));
    }
    rounds.forEach(function (r) {
      root.appendChild(svg('text', { x: sx(r.round), y: H - B + 18, 'text-anchor': 'middle', 'class': 'tick' }, r.round));
    });
    root.appendChild(svg('text', { x: W - R, y: H - 2, 'text-anchor': 'end', 'class': 'label' }, 'round'));
    pts.forEach(function (p) {
      var dot = svg('circle', { cx: sx(p[0]), cy: sy(p[1]), r: 4, fill: color, 'class': 'point' });
      dot.appendChild(svg('title', {}, 'round ' + p[0] + ': ' + signed(p[1]) + ' %'));
      root.appendChild(dot);
    });
    chart.appendChild(root);
  }
})();
