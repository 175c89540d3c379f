/* The compare page: the side-by-side table computed by the harness, then overlaid charts. */
(function () {
  'use strict';
  var A = window.AnemometerReport, D = A.DATA, el = A.el;
  var runs = D.runs || [];
  var v = document.getElementById('verdict');
  v.textContent = runs.length + ' runs';
  var facts = document.getElementById('facts');
  runs.forEach(function (r, i) {
    var d = facts.appendChild(el('div', { 'class': 'fact' }));
    d.appendChild(el('span', { 'class': 'k' }, i === 0 ? 'Baseline' : 'Run ' + (i + 1)));
    d.appendChild(el('span', { 'class': 'v', style: 'color:' + A.COLORS[i % A.COLORS.length] }, r.label));
  });

  if (D.takenApart) {
    var apart = A.section('Runs taken at different times', 'taken-apart');
    apart.appendChild(el('p', { 'class': 'warn' }, D.takenApart.charAt(0).toUpperCase() + D.takenApart.slice(1) + '.'));
  }

  if ((D.warnings || []).length) {
    var warn = A.section('Not measured on the same kind of machine', 'warnings');
    D.warnings.forEach(function (w) { warn.appendChild(el('p', { 'class': 'bad' }, w)); });
  }

  var box = A.section('Side by side (deltas relative to the baseline, later runs dashed in the charts; worse than ' + D.thresholdPercent + ' % in red, better in green)', 'table');
  var header = ['Metric'];
  runs.forEach(function (r, i) { header.push(r.label); if (i > 0) header.push('Δ'); });
  A.table(box, header, (D.rows || []).map(function (row) {
    var cells = [{ text: row.metric, cls: row.metric.indexOf('p99') === 0 ? '' : 'strong' }];
    row.values.forEach(function (value, i) {
      cells.push({ text: value, cls: 'num' });
      if (i > 0) {
        var delta = row.deltas[i - 1];
        cells.push({ text: delta.text, cls: 'num ' + delta.verdict });
      }
    });
    return cells;
  }), 'data compare');

  var charts = A.section('Overlaid over time (per status interval, m:ss since the load started)', 'charts');
  function series(field, step) {
    return runs.map(function (r, i) {
      return { name: r.chartLabel || r.label, color: A.COLORS[i % A.COLORS.length], step: step, dashed: i > 0, points: (r.intervals || []).map(function (l) {
        return [l.toMillis / 1000, field(l), null, l.fromMillis / 1000]; }) };
    });
  }
  var xMax = 0;
  runs.forEach(function (r) { (r.intervals || []).forEach(function (l) { xMax = Math.max(xMax, l.toMillis / 1000); }); });
  A.lineChart(charts, { id: 'users', title: 'Users', yLabel: 'users', xMin: 0, xMax: xMax, series: series(function (l) { return l.users; }, true) });
  A.lineChart(charts, { id: 'throughput', title: 'Throughput (all operations)', yLabel: 'operations / s', yUnit: ' ops/s', xMin: 0, xMax: xMax,
    series: series(A.totalThroughput, false) });
  var ops = [];
  runs.forEach(function (r) { A.operationNames(r.intervals || []).forEach(function (o) { if (ops.indexOf(o) < 0) ops.push(o); }); });
  var controls = charts.appendChild(el('div', { 'class': 'controls' }));
  var holder = charts.appendChild(el('div'));
  function drawLatency(op) {
    holder.textContent = '';
    A.lineChart(holder, { id: 'latency', title: 'p99 response time of ' + op, yLabel: 'ms', yUnit: ' ms', xMin: 0, xMax: xMax,
      series: runs.map(function (r, i) { return { name: r.chartLabel || r.label, color: A.COLORS[i % A.COLORS.length], dashed: i > 0,
        points: A.opPoints(r.intervals || [], op, 'p99Millis') }; }) });
  }
  var preferred = ops.indexOf('PlaceBid') >= 0 ? 'PlaceBid' : ops[0];
  A.selector(controls, 'Operation', ops, drawLatency).value = preferred;
  if (preferred) drawLatency(preferred);
})();
