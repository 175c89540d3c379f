/* The page of a repeat set: its runs with their headline, their statistics, why the set stopped. */
(function () {
  'use strict';
  var A = window.AnemometerReport, D = A.DATA, el = A.el, fmt = A.fmt;
  var set = D.set || {}, st = set.statistics, runs = set.runs || [];
  var v = document.getElementById('verdict');
  v.textContent = !st ? runs.length + ' run(s)' : set.disagree ? 'REPEATS DISAGREE' : 'REPEATS AGREE';
  v.className = 'verdict ' + (!st ? '' : set.disagree ? 'FAILED' : 'PASSED');
  var facts = [['Name', set.name], ['Strategy', set.strategy], ['Started', A.instant(set.startedAt)], ['Runs', runs.length],
    ['Mean ' + set.metric, st ? fmt(st.mean, 1) + (st.confidenceInterval ? ' ± ' + fmt(st.confidenceInterval.halfWidth, 1) : '') : null],
    ['95 % CI of the mean', st && st.confidenceInterval ? fmt(st.confidenceInterval.low, 1) + '–' + fmt(st.confidenceInterval.high, 1) : null],
    ['CV', st ? fmt(st.cvPercent, 1) + ' %' : null],
    ['Stopped', (set.stopRule || {}).reason]];
  var dl = document.getElementById('facts');
  facts.forEach(function (f) {
    var d = dl.appendChild(el('div', { 'class': 'fact' }));
    d.appendChild(el('span', { 'class': 'k' }, f[0]));
    d.appendChild(el('span', { 'class': 'v' }, f[1] === undefined || f[1] === null || f[1] === '' ? '–' : f[1]));
  });

  A.repeatSummary(A.section('Statistics of ' + set.metric + ' over the runs', 'statistics'), set);
  var box = A.section('Runs (results folders beside this one)', 'runs');
  function startAndAfter(start, after) {
    return { text: (start == null ? '–' : fmt(start, 2)) + (after == null ? '' : ', ' + fmt(after, 2)), cls: 'num' };
  }
  A.table(box, ['Run', 'Results folder', 'Outcome', set.metric, 'CPU reference (start, after)', 'Loopback (start, after)'],
    runs.map(function (r, i) {
      return [i + 1, r.directory, { text: r.outcome, cls: r.outcome === 'PASSED' ? 'good' : 'bad' },
        { text: fmt(r.value, set.metric === 'peak users' ? 0 : 1), cls: 'num' },
        startAndAfter(r.cpuScore, r.cpuScoreAfter), startAndAfter(r.loopbackScore, r.loopbackScoreAfter)];
    }));
  var list = box.appendChild(el('ul', { 'class': 'files' }));
  runs.forEach(function (r, i) {
    if (!(D.reports || [])[i]) return;
    list.appendChild(el('li')).appendChild(el('a', { href: '../' + encodeURIComponent(r.directory) + '/report.html' }, 'report of run ' + (i + 1)));
  });
})();
