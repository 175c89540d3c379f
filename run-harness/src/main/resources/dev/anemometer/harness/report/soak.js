/* The soak section of a run page: every sampled resource of every tier over the load, the leak
   verdict of each series, and each operation's p99 over the steady load with its drift verdict. */
(function () {
  'use strict';
  var A = window.AnemometerReport, el = A.el, fmt = A.fmt;
  var MIB = 1048576;
  var JUDGED = 'rgba(37,99,235,0.07)', EARLY = 'rgba(22,163,74,0.10)', LATE = 'rgba(202,138,4,0.14)';
  // metric, chart title, y label; bytes are drawn in MiB.
  var METRICS = [
    ['rssBytes', 'Memory (RSS) of each tier process with its children', 'MiB'],
    ['pssBytes', 'Memory (PSS: shared pages split among their processes) of each tier process', 'MiB'],
    ['anonBytes', 'Memory the processes allocated (anonymous PSS: no shared buffers, no mapped files)', 'MiB'],
    ['heapAfterGcBytes', 'JVM heap after GC (long-lived pool) of each app server', 'MiB'],
    ['heapUsedBytes', 'JVM heap used of each app server', 'MiB'],
    ['openFiles', 'Open file descriptors of each tier process with its children', 'files'],
    ['processes', 'Processes of each tier (workers and backends included)', 'processes'],
    ['threads', 'JVM live threads of each app server', 'threads'],
    ['connections', 'Database connections (pg_stat_activity)', 'connections'],
    ['databaseBytes', 'Database size', 'MiB'],
    ['tableBytes', 'Table sizes (with indexes and TOAST)', 'MiB'],
    ['deadRows', 'Dead rows awaiting vacuum, per table', 'rows']];

  function bytes(metric) { return /Bytes$/.test(metric); }
  function value(metric, v) { return bytes(metric) ? fmt(v / MIB, 1) + ' MiB' : fmt(v, 0); }
  function key(s) { return s.instance + '/' + s.source + '/' + s.metric; }
  function span(s) { return s ? A.timeLabel(s.fromSeconds) + '–' + A.timeLabel(s.toSeconds) : '–'; }

  function verdicts(box, soak) {
    if (!soak.sampled) {
      box.appendChild(el('p', { 'class': 'muted' }, 'Resources not sampled: ' + (soak.note || '')));
    } else {
      var leaks = soak.leaks || [];
      var judged = (soak.series || []).filter(function (s) { return s.verdict === 'LEAK' || s.verdict === 'steady' || s.verdict === 'undecided'; }).length;
      box.appendChild(el('p', { 'class': leaks.length ? 'bad' : 'good' }, leaks.length
        ? leaks.length + ' series leak:' : 'No leak in ' + judged + ' judged series.'));
      leaks.forEach(function (l) { box.appendChild(el('p', { 'class': 'bad' }, 'LEAK: ' + l)); });
      (soak.series || []).filter(function (s) { return s.verdict === 'undecided'; }).forEach(function (s) {
        box.appendChild(el('p', { 'class': 'muted' }, 'Undecided: ' + s.instance + ' ' + s.source + ' ' + s.metric + ': ' + s.reason));
      });
      box.appendChild(el('p', { 'class': 'muted' }, fmt(soak.samples, 0) + ' samples every ' + fmt(soak.everySeconds, 0) +
        ' s. A series leaks when its least-squares growth over the second half of the steady load (' + span(soak.judged) +
        ', shaded) projects to at least soak.leakPercentPerHour of its level per hour, at least three standard errors from' +
        ' zero, with its floor rising too (a saw-tooth does not). A JVM heap after GC that grows so is a leak only when' +
        ' the old generation was collected at least twice in that half; until it is, young collections only add the' +
        ' garbage they promote (undecided). ' + (soak.note || '')));
    }
    var drift = soak.drift;
    if (drift) {
      var lines = drift.drifting || [];
      box.appendChild(el('p', { 'class': lines.length ? 'bad' : 'good' }, lines.length ? 'p99 drift:' : 'No p99 drift.'));
      lines.forEach(function (l) { box.appendChild(el('p', { 'class': 'bad' }, 'P99 DRIFT: ' + l)); });
    }
  }

  function resourceCharts(box, soak, resources) {
    var findings = {};
    (soak.series || []).forEach(function (f) { findings[key(f)] = f; });
    var instances = [];
    resources.forEach(function (s) { if (instances.indexOf(s.instance) < 0) instances.push(s.instance); });
    var xMax = resources.reduce(function (m, s) {
      return s.points.reduce(function (n, p) { return Math.max(n, p[0]); }, m); }, 0);
    var bands = soak.judged ? [{ x0: soak.judged.fromSeconds, x1: soak.judged.toSeconds, color: JUDGED,
      title: 'judged for leaks: the second half of the steady load' }] : [];
    METRICS.forEach(function (m) {
      var own = resources.filter(function (s) { return s.metric === m[0]; });
      if (!own.length) return;
      A.lineChart(box, { id: 'soak-' + m[0], title: m[1], yLabel: m[2], yUnit: ' ' + m[2], xMin: 0, xMax: xMax, bands: bands,
        legendExtra: bands.length ? [{ name: 'judged for leaks', color: 'rgba(37,99,235,0.25)' }] : [],
        series: own.map(function (s) {
          var f = findings[key(s)];
          return { name: (instances.length > 1 ? s.instance + ' ' : '') + s.source + (f && f.verdict === 'LEAK' ? ' — LEAK' : ''),
            points: s.points.map(function (p) { return [p[0], bytes(m[0]) ? p[1] / MIB : p[1]]; }), markerRadius: 1.5 };
        }) });
    });
  }

  function findingsTable(box, soak) {
    if (!(soak.series || []).length) return;
    box.appendChild(el('h3', {}, 'Every series: first and last sample of the steady load, growth over its second half'));
    A.table(box, ['Instance', 'Tier', 'Source', 'Metric', 'First', 'Last', 'Min', 'Max', 'Growth / h', 'Growth % / h', 'Verdict', 'Why'],
      soak.series.map(function (s) {
        var grow = s.growthPerHour === undefined || s.growthPerHour === null ? null : (s.growthPerHour >= 0 ? '+' : '') + value(s.metric, s.growthPerHour);
        return [s.instance, s.tier, s.source, s.metric, { text: value(s.metric, s.first), cls: 'num' }, { text: value(s.metric, s.last), cls: 'num' },
          { text: value(s.metric, s.min), cls: 'num' }, { text: value(s.metric, s.max), cls: 'num' },
          { text: grow === null ? '–' : grow, cls: 'num' },
          { text: s.growthPercentPerHour === undefined || s.growthPercentPerHour === null ? '–' : fmt(s.growthPercentPerHour, 1) + ' %', cls: 'num' },
          { text: s.verdict, cls: s.verdict === 'LEAK' ? 'bad' : s.verdict === 'steady' ? 'good' : 'muted' }, s.reason];
      }));
  }

  function driftSection(box, drift) {
    (drift.targets || []).forEach(function (t) {
      box.appendChild(el('h3', {}, 'p99 of ' + t.target + ': first ' + span(t.early) + ' against last ' + span(t.late) + ' of the load'));
      if (t.note) box.appendChild(el('p', { 'class': 'muted' }, t.note));
      if ((t.p99 || []).length) {
        var bands = [];
        if (t.early) bands.push({ x0: t.early.fromSeconds, x1: t.early.toSeconds, color: EARLY, title: 'first span' });
        if (t.late) bands.push({ x0: t.late.fromSeconds, x1: t.late.toSeconds, color: LATE, title: 'last span' });
        var drifting = {};
        (t.operations || []).forEach(function (o) { drifting[o.operation] = o.verdict === 'DRIFT'; });
        A.lineChart(box, { id: 'soak-p99', title: 'p99 of each operation over the steady load (exact per stretch, from the histograms)',
          yLabel: 'ms', yUnit: ' ms', bands: bands, markerRadius: 1.5,
          legendExtra: [{ name: 'first span', color: 'rgba(22,163,74,0.35)' }, { name: 'last span', color: 'rgba(202,138,4,0.45)' }],
          series: t.p99.map(function (s) { return { name: s.operation + (drifting[s.operation] ? ' — DRIFT' : ''), points: s.points }; }) });
      }
      if ((t.operations || []).length) {
        A.table(box, ['Operation', 'Count first', 'Count last', 'p99 first ms', 'p99 last ms', 'Change', 'Verdict', 'Why'],
          t.operations.map(function (o) {
            return [o.operation, o.earlyCount, o.lateCount, { text: fmt(o.earlyP99Millis, 1), cls: 'num' }, { text: fmt(o.lateP99Millis, 1), cls: 'num' },
              { text: o.changePercent === undefined || o.changePercent === null ? '–' : fmt(o.changePercent, 0) + ' %', cls: 'num' },
              { text: o.verdict, cls: o.verdict === 'DRIFT' ? 'bad' : o.verdict === 'steady' ? 'good' : 'muted' }, o.reason];
          }));
      }
    });
    if (drift.note) box.appendChild(el('p', { 'class': 'muted' }, drift.note + '.'));
  }

  A.soakSection = function (soak, resources) {
    var box = A.section('Soak: resources, leaks and p99 drift', 'soak');
    verdicts(box, soak);
    resourceCharts(box, soak, resources || []);
    findingsTable(box, soak);
    if (soak.drift) driftSection(box, soak.drift);
  };
})();
