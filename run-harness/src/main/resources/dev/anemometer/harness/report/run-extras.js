/* The run page's reference sections below the charts: instances, the repeat set the run belongs
   to, platform, CPU per tier, the soak (soak.js), bid audit, elasticity and faults, events, the
   folder's files, the configuration and tuning. */
(function () {
  'use strict';
  var A = window.AnemometerReport, D = A.DATA, el = A.el, fmt = A.fmt;
  var S = D.summary || {};

  function extras() {
    var inst = S.instances || [];
    if (inst.length) {
      var box = A.section('Instances', 'instances');
      A.table(box, ['Instance', 'Users', 'Max users', 'QoS', 'Entry', 'Database'], inst.map(function (i) {
        return ['instance-' + i.index, i.users, i.maxUsers,
          { text: i.passed === undefined || i.passed === null ? '–' : i.passed ? 'pass' : 'fail', cls: i.passed ? 'good' : i.passed === false ? 'bad' : '' },
          (i.entryUrls || []).join(' '), i.jdbcUrl];
      }));
    }
    if (D.repeatSet) repeatSetSection(D.repeatSet, D.repeatSetDir);
    if (D.platform) platformSection(D.platform);
    if (S.cpu) cpuSection(S.cpu);
    if (S.soak) A.soakSection(S.soak, D.resources);
    if (S.audit) auditSection(S.audit);
    if (S.elasticity || (S.faults && S.faults.length)) elasticitySection(S.elasticity || {}, S.faults || []);
    var events = A.section('Events', 'events');
    A.table(events, ['Time (UTC)', 'Since start', 'Type', 'Name', 'Details'], (D.events || []).map(function (e) {
      var details = Object.keys(e).filter(function (k) { return ['time', 'offsetMillis', 'type', 'name'].indexOf(k) < 0; })
        .map(function (k) { return k + '=' + (typeof e[k] === 'object' ? JSON.stringify(e[k]) : e[k]); }).join(' ');
      return [(A.instant(e.time) || '').replace(' UTC', ''), A.timeLabel(e.offsetMillis / 1000), { text: e.type, cls: 'tag ' + e.type }, e.name, details];
    }));
    if ((D.files || []).length) {
      var files = A.section('Files in this folder', 'files');
      var list = files.appendChild(el('ul', { 'class': 'files' }));
      D.files.forEach(function (f) {
        var li = list.appendChild(el('li'));
        // "./" keeps any file name a relative link, never a scheme.
        li.appendChild(el('a', { href: './' + f.path.split('/').map(encodeURIComponent).join('/') }, f.path));
        li.appendChild(el('span', { 'class': 'muted' }, ' ' + fmt(f.bytes / 1024, 1) + ' KiB'));
      });
    }
    var cfg = A.section('Configuration and tuning', 'config');
    [{ name: 'config.yaml (resolved)', text: D.config }].concat(D.tuning || []).forEach(function (f) {
      if (f.text === undefined || f.text === null) return;
      var d = cfg.appendChild(el('details'));
      d.appendChild(el('summary', {}, f.name));
      d.appendChild(el('pre', {}, f.text));
    });
  }

  function repeatSetSection(set, dir) {
    var box = A.section('Repeat set: ' + set.metric + ' over its runs', 'repeat-set');
    var p = box.appendChild(el('p', {}, 'This run is one of a repeat set: '));
    p.appendChild(el('a', { href: '../' + encodeURIComponent(dir) + '/report.html' }, dir));
    A.repeatSummary(box, set);
  }

  function gib(bytes) { return bytes ? fmt(bytes / 1073741824, 1) + ' GiB' : null; }

  /* What the run was measured on: a peak is comparable only with the machine beside it. */
  function platformSection(p) {
    var box = A.section('Platform', 'platform');
    var os = p.os || {}, cpu = p.cpu || {}, mem = p.memory || {}, jdk = p.harnessJdk || {}, speed = p.referenceSpeed;
    var rows = [['Host', p.host], ['Target', p.target],
      ['Operating system', [os.distribution, os.name, os.kernel, os.arch].filter(Boolean).join(' · ')],
      ['CPU', cpu.model], ['MHz', cpu.megahertz ? fmt(cpu.megahertz, 0) : null],
      ['Logical CPUs (host / available to the harness)', (cpu.logicalCpus || '–') + ' / ' + cpu.availableProcessors],
      ['cgroup CPU quota', cpu.cgroupQuotaCores ? fmt(cpu.cgroupQuotaCores, 2) + ' cores' : 'none'],
      ['Memory (host / cgroup limit)', (gib(mem.totalBytes) || '–') + ' / ' + (gib(mem.cgroupLimitBytes) || 'none')],
      ['JDK of the harness and driver', [jdk.vendor, jdk.version, jdk.vm].filter(Boolean).join(' · ')],
      ['JDK flags of the harness', (jdk.flags || []).join(' ')],
      ['JDK of the app servers', p.appJdk]];
    Object.keys(p.tierVersions || {}).forEach(function (k) { rows.push([k, p.tierVersions[k]]); });
    rows.push(['Project commit', p.commit]);
    if (speed) {
      rows.push(['Reference speed (1.00 = the reference machine)', { text: fmt(speed.score, 2), cls: 'strong' }]);
      rows.push(['Reference loop, one thread', fmt(speed.operationsPerSecond / 1e6, 0) + ' Mop/s']);
      rows.push(['Reference loop, each of two threads', fmt(speed.twoThreadOperationsPerSecondPerThread / 1e6, 0) + ' Mop/s']);
    }
    if (p.loopbackSpeed) {
      rows.push(['Loopback speed (1.00 = the reference machine)', { text: fmt(p.loopbackSpeed.score, 2), cls: 'strong' }]);
      rows.push(['Loopback HTTP round trips, one connection', fmt(p.loopbackSpeed.roundTripsPerSecond, 0) + ' /s']);
    }
    A.table(box, ['What', 'Value'], rows.filter(function (r) { return r[1] !== null && r[1] !== undefined && r[1] !== ''; }));
  }

  /* Cores used (CPU s / wall s) and CPU µs per user-second, per tier and judged window; windows
     numbered from 1 as in the judged windows table. */
  function cpuSection(cpu) {
    var box = A.section('CPU per tier', 'cpu');
    if (!cpu.measured) { box.appendChild(el('p', { 'class': 'muted' }, cpu.note)); return; }
    box.appendChild(el('p', { 'class': 'muted' }, cpu.note));
    (cpu.peak || []).forEach(function (w) {
      box.appendChild(el('h3', {}, w.target + ', window ' + (w.index + 1) + ' (' + fmt(w.users, 0) + ' users, ' + fmt(w.wallSeconds, 0) +
        ' s' + (w.passed ? '' : ', failed') + '): the window the result rests on'));
      A.table(box, ['Tier', 'Processes', 'CPU (s)', 'Cores used', 'CPU µs per user-second'], w.tiers.map(function (t) {
        return [t.tier, t.processes, t.cpuSeconds, { text: fmt(t.cores, 2), cls: 'num' }, { text: fmt(t.cpuMicrosPerUserSecond, 0), cls: 'num' }];
      }));
    });
    var tiers = [];
    (cpu.windows || []).forEach(function (w) { w.tiers.forEach(function (t) { if (tiers.indexOf(t.tier) < 0) tiers.push(t.tier); }); });
    if (!(cpu.windows || []).length) return;
    box.appendChild(el('h3', {}, 'Every judged window: cores used · CPU µs per user-second'));
    A.table(box, ['Target', 'Window', 'Users', 'QoS'].concat(tiers), cpu.windows.map(function (w) {
      var byTier = {};
      w.tiers.forEach(function (t) { byTier[t.tier] = t; });
      return [w.target, w.index + 1, w.users, { text: w.passed ? 'pass' : 'fail', cls: w.passed ? 'good' : 'bad' }].concat(tiers.map(function (name) {
        var t = byTier[name];
        return t ? fmt(t.cores, 2) + ' · ' + fmt(t.cpuMicrosPerUserSecond, 0) : '–';
      }));
    }));
  }

  function auditSection(audit) {
    var box = A.section('Bid audit', 'audit');
    var keys = Object.keys(audit);
    A.table(box, ['Instance', 'Acknowledged bids checked', 'Items checked', 'Sold items checked', 'Violations', 'First violations'],
      keys.map(function (k) {
        var a = audit[k] || {};
        var count = a.violationCount !== undefined ? a.violationCount : (a.violations || []).length;
        return [k, a.acknowledgedBidsChecked, a.itemsChecked, a.soldItemsChecked,
          { text: fmt(count, 0), cls: count ? 'num bad' : 'num good' },
          { text: (a.violations || []).slice(0, 5).join('\n'), cls: 'lines' }];
      }));
  }

  /* Objects as a table: one column per key with a plain value, nested values as compact JSON. */
  function objectTable(box, objects) {
    var keys = [];
    objects.forEach(function (o) { Object.keys(o).forEach(function (k) { if (keys.indexOf(k) < 0) keys.push(k); }); });
    function label(k) {
      var words = k.replace(/Millis$/, '').replace(/Millis/, 'Ms').replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
      return /Millis$/.test(k) ? words + ' (s)' : words.replace(/\bms\b/, '(ms)');
    }
    A.table(box, keys.map(label), objects.map(function (o) {
      return keys.map(function (k) {
        var v = o[k];
        if (v === undefined || v === null) return null;
        if (k === 'steps' && Array.isArray(v)) {
          return v.map(function (step) {
            return step.state + (step.loadOffsetMillis !== undefined ? ' ' + A.timeLabel(step.loadOffsetMillis / 1000) : '');
          }).join(' → ');
        }
        if (typeof v === 'object' && !Array.isArray(v) && Object.keys(v).every(function (n) { return typeof v[n] === 'number'; })) {
          return Object.keys(v).map(function (n) { return n + ' ' + fmt(v[n]); }).join(', ');
        }
        if (typeof v === 'object') return { text: JSON.stringify(v), cls: 'json' };
        if (typeof v === 'number' && /Millis$/.test(k)) return { text: fmt(v / 1000, 1) + ' s', cls: 'num' };
        return typeof v === 'boolean' ? String(v) : v;
      });
    }));
  }

  function elasticitySection(elasticity, faults) {
    var box = A.section('Elasticity and faults', 'elasticity');
    if ((elasticity.changes || []).length) {
      box.appendChild(el('h3', {}, 'Tier changes (steps at m:ss since the load started)'));
      objectTable(box, elasticity.changes);
    }
    if (faults.length) {
      box.appendChild(el('h3', {}, 'Faults and recovery (steps at m:ss since the load started)'));
      objectTable(box, faults);
    }
    Object.keys(elasticity.score || {}).forEach(function (target) {
      box.appendChild(el('h3', {}, 'Elasticity score of ' + target + ' (1 = capacity followed demand exactly)'));
      objectTable(box, [elasticity.score[target]]);
    });
    Object.keys(elasticity.segments || {}).forEach(function (target) {
      box.appendChild(el('h3', {}, 'Segments between changes, ' + target + ' (start and end: seconds since the load started)'));
      objectTable(box, elasticity.segments[target] || []);
    });
  }

  A.runExtras = extras;
})();
