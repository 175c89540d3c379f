/* The page of one run: what happened over time, then the tables a reviewer checks. */
(function () {
  'use strict';
  var A = window.AnemometerReport, D = A.DATA, el = A.el, fmt = A.fmt;
  var S = D.summary || {}, load = S.load || {}, targets = load.targets || [];
  var PASS = 'rgba(22,163,74,0.10)', FAIL = 'rgba(220,38,38,0.20)', INVALID = 'rgba(202,138,4,0.25)';
  // QOS: a QoS period or probe; STEP: a findMax initial step (judged without the mix).
  function judgedPhase(phase) { return phase === 'QOS' || phase === 'STEP'; }

  // Harness events are offset from the run's start; driver intervals from the load's start.
  var loadStart = (D.events || []).find(function (e) { return e.type === 'phase' && e.name === 'load' && e.state === 'start'; });
  var loadOffsetMs = loadStart ? loadStart.offsetMillis : 0;
  // Elasticity changes and faults write one event per step (requested, starting, in-lb, done…):
  // one line per change, at its first step, says what changed and how long it took.
  function annotationsOf(events) {
    var changes = {}, out = [];
    events.forEach(function (e) {
      if (['elasticity', 'fault', 'error', 'interrupted'].indexOf(e.type) < 0) return;
      var x = (e.loadOffsetMillis !== undefined ? e.loadOffsetMillis : e.offsetMillis - loadOffsetMs) / 1000;
      var color = e.type === 'fault' || e.type === 'error' ? '#b91c1c' : e.type === 'elasticity' ? '#7c3aed' : '#6b7280';
      if (!e.change) { out.push({ x: x, label: e.type + ': ' + e.name, color: color }); return; }
      var c = changes[e.change];
      if (!c) {
        c = changes[e.change] = { x: x, color: color, last: x, state: e.state, what: e.type === 'fault'
          ? e.action + ' ' + e.tier + (e.instance !== undefined ? ' #' + e.instance : '')
          : e.tier + ' ' + e.from + '→' + e.to + (e.trigger ? ' (' + e.trigger + ')' : '') };
        out.push(c);
      }
      c.last = x;
      c.state = e.state;
    });
    out.forEach(function (a) {
      if (a.what === undefined) return;
      var ended = a.state === 'done' ? 'took ' + fmt(a.last - a.x, 1) + ' s' : a.state;
      a.label = a.what + ': ' + ended;
    });
    return out;
  }
  var annotations = annotationsOf(D.events || []);

  /* findMax: where the search left the peak, between the highest passing and lowest failing users. */
  function bracketText(b) {
    if (!b) return null;
    return fmt(b.highestPass, 0) + ' pass, ' + (b.lowestFail === null || b.lowestFail === undefined ? 'none failed' : fmt(b.lowestFail, 0) + ' fail');
  }
  function instanceOf(target) {
    return (S.instances || []).find(function (i) { return 'instance-' + i.index === target.id; }) || {};
  }

  function machine(p) {
    if (!p || !p.cpu) return null;
    var mem = p.memory && p.memory.totalBytes ? ', ' + fmt(p.memory.totalBytes / 1073741824, 0) + ' GiB' : '';
    return p.cpu.availableProcessors + ' cores ' + (p.cpu.model || '') + mem;
  }

  function header() {
    var h = document.getElementById('verdict');
    h.textContent = S.outcome || 'UNKNOWN';
    h.className = 'verdict ' + (S.outcome || '');
    var driven = (D.intervals || []).reduce(function (m, l) { return Math.max(m, l.users || 0); }, 0);
    var judgedOps = [];
    targets.forEach(function (t) { judgedOps = judgedOps.concat(t.operations || []); });
    var judgedThroughput = judgedOps.reduce(function (a, o) { return a + (o.throughputPerSecond || 0); }, 0);
    var facts = [['Preset', S.preset], ['Strategy', S.strategy], ['Target', S.target], ['Started', A.instant(S.startedAt)],
      ['Duration', S.durationSeconds !== undefined ? A.timeLabel(S.durationSeconds) : null],
      ['Most users driven', (D.intervals || []).length ? fmt(driven, 0) : null],
      ['Peak users (passing)', fmt(S.peakUsers, 0)],
      ['Bracket (highest pass, lowest fail)', bracketText(S.bracket)],
      ['Throughput (judged)', judgedOps.length ? fmt(judgedThroughput, 1) + ' ops/s' : null],
      ['Machine', machine(D.platform)],
      ['Reference speed', D.platform && D.platform.referenceSpeed ? fmt(D.platform.referenceSpeed.score, 2) : null],
      ['Verdict', S.message]];
    var dl = document.getElementById('facts');
    facts.forEach(function (f) {
      var d = dl.appendChild(el('div', { 'class': 'fact' }));
      d.appendChild(el('span', { 'class': 'k' }, f[0]));
      d.appendChild(el('span', { 'class': 'v' }, f[1] === undefined || f[1] === null || f[1] === '' ? '–' : f[1]));
    });
  }

  function timeline(lines, box) {
    var xMax = lines.reduce(function (m, l) { return Math.max(m, l.toMillis / 1000); }, 0);
    var bands = lines.map(function (l) {
      var invalid = (l.invalidReasons || []).length > 0;
      return { x0: l.fromMillis / 1000, x1: l.toMillis / 1000,
        color: invalid ? INVALID : !judgedPhase(l.phase) ? 'rgba(0,0,0,0)' : l.qosPassed ? PASS : FAIL,
        title: l.phase + (judgedPhase(l.phase) ? (l.qosPassed ? ': QoS pass' : ': QoS FAIL ' + (l.failedRules || []).join('; ')) : '') +
          (invalid ? ' · INVALID ' + l.invalidReasons.join('; ') : '') };
    });
    A.lineChart(box, { id: 'users', title: 'Users over time (bands: QoS verdict per judged interval; hover for the failed rule)', yLabel: 'users',
      series: [{ name: 'users', points: lines.map(function (l) { return [l.toMillis / 1000, l.users, null, l.fromMillis / 1000]; }), step: true, color: '#2563eb' }],
      bands: bands, annotations: annotations, xMin: 0, xMax: xMax,
      legendExtra: [{ name: 'QoS pass', color: 'rgba(22,163,74,0.35)' }, { name: 'QoS fail', color: 'rgba(220,38,38,0.5)' },
        { name: 'invalid (driver bottleneck)', color: 'rgba(202,138,4,0.6)' }] });
    A.lineChart(box, { id: 'throughput', title: 'Throughput per status interval (failed operations in red)', yLabel: 'operations / s', yUnit: ' ops/s',
      series: [{ name: 'all operations', points: lines.map(function (l) { return [l.toMillis / 1000, A.totalThroughput(l)]; }), color: '#16a34a' },
        { name: 'failures / s', points: lines.map(function (l) { return [l.toMillis / 1000, A.failureRate(l)]; }), color: '#dc2626' }],
      annotations: annotations, xMin: 0, xMax: xMax });
    var ops = A.operationNames(lines);
    var latencyBox = box.appendChild(el('div', { 'class': 'latency' }));
    var controls = latencyBox.appendChild(el('div', { 'class': 'controls' }));
    var holder = latencyBox.appendChild(el('div'));
    function drawLatency(op) {
      holder.textContent = '';
      A.lineChart(holder, { id: 'latency', title: 'Response time of ' + op + ' per status interval (from the intended start)', yLabel: 'ms', yUnit: ' ms',
        series: [{ name: 'p50', points: A.opPoints(lines, op, 'p50Millis'), color: '#16a34a' },
          { name: 'p95', points: A.opPoints(lines, op, 'p95Millis'), color: '#ca8a04' },
          { name: 'p99', points: A.opPoints(lines, op, 'p99Millis'), color: '#dc2626' }],
        annotations: annotations, xMin: 0, xMax: xMax, empty: 'No ' + op + ' completed in this run.' });
    }
    var measured = ops.filter(function (op) { return A.opPoints(lines, op, 'p99Millis').length; });
    var preferred = measured.indexOf('PlaceBid') >= 0 ? 'PlaceBid' : measured[0] || ops[0];
    var sel = A.selector(controls, 'Operation', ops, drawLatency);
    sel.value = preferred;
    if (preferred) drawLatency(preferred);
  }

  /* Response-time and failure rules one per line; the mix rules, which a short status interval
     fails by chance, folded into one line naming the operations (the full list on hover). */
  function failedRulesCell(rules) {
    var mix = rules.filter(function (r) { return / mix /.test(r); });
    var other = rules.filter(function (r) { return !/ mix /.test(r); });
    var lines = other.slice();
    if (mix.length) {
      lines.push('mix outside its tolerance for ' + mix.length + ' operation' + (mix.length > 1 ? 's' : '') + ': ' +
        mix.map(function (r) { return r.split(/:? mix /)[0]; }).join(', '));
    }
    return { text: lines.join('\n'), cls: 'bad lines', title: rules.join('\n') };
  }

  function qosTable(lines, box) {
    var failed = lines.filter(function (l) { return judgedPhase(l.phase) && !l.qosPassed; });
    box.appendChild(el('p', { 'class': 'muted' }, failed.length + ' of ' +
      lines.filter(function (l) { return judgedPhase(l.phase); }).length + ' QoS intervals failed. ' +
      'Each status interval is judged alone for this view; the run is judged on its whole windows (below).'));
    if (failed.length) {
      A.table(box, ['Interval', 'Users', 'Failed rules'], failed.map(function (l) {
        return [A.timeLabel(l.fromMillis / 1000) + '–' + A.timeLabel(l.toMillis / 1000), l.users,
          failedRulesCell(l.failedRules || [])];
      }));
    }
  }

  function windows(target, box) {
    var ws = target.windows || [];
    if (!ws.length) { box.appendChild(el('p', { 'class': 'muted' }, 'No judged window.')); return; }
    var bracket = instanceOf(target).bracket;
    if (bracket) box.appendChild(el('p', {}, 'Bracket: ' + bracketText(bracket) + ' — the peak lies between them.'));
    var lowestFail = bracket && typeof bracket.lowestFail === 'number' ? [{ name: 'lowest fail: ' + fmt(bracket.lowestFail, 0) + ' users',
      color: '#dc2626', dashed: true, markers: false, points: [[1, bracket.lowestFail], [ws.length, bracket.lowestFail]] }] : [];
    if (ws.length > 1 || S.strategy === 'findMax') A.lineChart(box, { id: 'probes',
      title: S.strategy === 'findMax' ? 'findMax probe sequence' : 'Judged windows', xLabel: S.strategy === 'findMax' ? 'probe' : 'window',
      yLabel: 'users', xCategory: true, xMin: 0,
      series: [{ name: 'users per window (green pass, red fail)', color: '#6b7280', markerRadius: 6,
        points: ws.map(function (w) { return [w.index + 1, w.users, w.passed && w.valid ? '#16a34a' : '#dc2626']; }) }]
        .concat(typeof target.peakUsers === 'number' ? [{ name: 'peak found: ' + fmt(target.peakUsers, 0) + ' users', color: '#16a34a',
          dashed: true, markers: false, points: [[1, target.peakUsers], [ws.length, target.peakUsers]] }] : []).concat(lowestFail) });
    A.table(box, ['#', 'From', 'To', 'Users', 'Verdict', 'Why'], ws.map(function (w) {
      return [w.index + 1, A.timeLabel(w.startMillis / 1000), A.timeLabel(w.endMillis / 1000), w.users,
        { text: !w.valid ? 'INVALID' : w.passed ? 'pass' : 'fail', cls: w.passed && w.valid ? 'good' : 'bad' },
        { text: (w.failures || []).concat(w.invalidReasons || []).join('\n'), cls: 'lines' }];
    }));
  }

  /* "GetActiveAuctions mix 9.69 % outside 10.95 % ± 10 %" → "10.95 % ± 10 %". */
  function mixExpectation(message) {
    var m = /(?:outside|within) (.*)$/.exec(message || '');
    return m ? m[1] : message;
  }

  function operations(target, box) {
    var ops = target.operations || [];
    var rows = ops.map(function (o) {
      var rules = o.rules || [];
      var failedRules = rules.filter(function (r) { return !r.passed; });
      var mixRule = rules.find(function (r) { return r.rule === 'MIX'; });
      var mixFailed = mixRule && !mixRule.passed;
      return [o.operation, o.count, o.throughputPerSecond, o.meanMillis, o.p50Millis, o.p90Millis, o.p95Millis,
        o.p99Millis, o.p999Millis, o.maxMillis, o.wireP99Millis,
        { text: fmt(o.failures || 0, 0), cls: o.failures ? 'num warn' : 'num' },
        { text: fmt(o.mixPercent, 1) + ' %' + (mixFailed ? ' (want ' + mixExpectation(mixRule.message) + ')' : ''),
          cls: mixFailed ? 'bad nowrap' : 'nowrap', title: mixRule ? mixRule.message : 'not judged' },
        { text: !rules.length ? '–' : failedRules.length ? 'FAIL' : 'pass', cls: !rules.length ? '' : failedRules.length ? 'bad' : 'good',
          title: rules.map(function (r) { return r.message; }).join('\n') }];
    });
    A.table(box, ['Operation', 'Count', 'ops/s', 'Mean ms', 'p50 ms', 'p90 ms', 'p95 ms', 'p99 ms', 'p99.9 ms', 'Max ms',
      'Wire p99 ms', 'Failures', 'Mix', 'QoS'], rows.map(function (r) {
      return r.map(function (c, i) { return i >= 2 && i <= 10 && typeof c === 'number' ? { text: fmt(c), cls: 'num' } : c; });
    }));
    box.appendChild(el('p', { 'class': 'muted' }, 'Response times from the intended start of each request (coordinated omission ' +
      'corrected); wire p99 is the time on the wire alone, so a large gap means queuing in the driver or its connection pool. ' +
      'Hover a QoS or Mix cell for the rules applied.'));
    var reasons = [];
    ops.forEach(function (o) {
      Object.keys(o.failuresByReason || {}).forEach(function (k) { reasons.push([o.operation, k, o.failuresByReason[k]]); });
    });
    if (reasons.length) {
      box.appendChild(el('h3', {}, 'Failures by reason'));
      A.table(box, ['Operation', 'Reason', 'Count'], reasons);
    }
  }

  function validity(lines, target, box) {
    var invalid = lines.filter(function (l) { return (l.invalidReasons || []).length; });
    box.appendChild(el('p', { 'class': target.valid === false ? 'bad' : 'muted' },
      target.valid === false ? 'INVALID: the driver was the bottleneck in a judged interval.' :
        'The driver kept up in every judged interval' + (invalid.length ? ' (' + invalid.length + ' unjudged interval(s) flagged below).' : '.')));
    if (invalid.length) {
      A.table(box, ['Interval', 'Phase', 'Reasons'], invalid.map(function (l) {
        return [A.timeLabel(l.fromMillis / 1000) + '–' + A.timeLabel(l.toMillis / 1000), l.phase, { text: l.invalidReasons.join('; '), cls: 'warn' }];
      }));
    }
  }

  function render() {
    header();
    var ids = targets.map(function (t) { return t.id; });
    var box = A.section('Over time', 'timeline');
    var qos = A.section('QoS verdict per interval', 'qos');
    var probes = A.section(S.strategy === 'findMax' ? 'findMax probes' : 'Judged windows', 'windows');
    var ops = A.section('Per operation (judged period)', 'operations');
    var valid = A.section('Driver validity checks', 'validity');
    function draw(id) {
      var lines = (D.intervals || []).filter(function (l) { return !id || l.target === id; });
      var target = targets.find(function (t) { return t.id === id; }) || {};
      [box, qos, probes, ops, valid].forEach(function (s) { while (s.childNodes.length > 1) s.removeChild(s.lastChild); });
      if (ids.length > 1) A.selector(box, 'Target', ids, draw).value = id;
      if (!lines.length) box.appendChild(el('p', { 'class': 'muted' }, 'The driver wrote no interval.'));
      else timeline(lines, box);
      qosTable(lines, qos);
      windows(target, probes);
      operations(target, ops);
      validity(lines, target, valid);
    }
    draw(ids[0]);
    A.runExtras();
  }
  render();
})();
