// The trend page's behaviour (TrendPage.java): the filters, and a series' chart drawn under its row when
// the row (or its sparkline) is clicked. "#series=123" in the address opens series 123's chart, as a click does.
// Values arrive already in each chart's display unit (chosen by the report's Format.scale), so the axis
// reads "550 ms", never "550,000,000". When done it records on <body> what the headless browser test checks:
// the page's scroll width, the rows shown, any cell or title wider than its box, and the charts drawn.
(function () {
  var data = JSON.parse(document.getElementById('trend-data').textContent);
  var table = document.getElementById('series');
  var rows = Array.prototype.slice.call(table.querySelectorAll('tr.series'));
  var groups = Array.prototype.slice.call(table.querySelectorAll('tbody.group'));
  var charts = {};
  var fGroup = document.getElementById('f-group');
  var fWords = document.getElementById('f-words');
  var fChanged = document.getElementById('f-changed');
  var fTrusted = document.getElementById('f-trusted');
  var fCount = document.getElementById('f-count');

  function shortStart(start) { return start.substring(0, 16).replace('T', ' '); }

  // Three significant figures for a tooltip; the unit was chosen in Java.
  function round(v) { return Math.abs(v) >= 1000 ? v.toFixed(0) : String(Number(v.toPrecision(3))); }

  function hasInk(canvas) {
    var pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    for (var i = 3; i < pixels.length; i += 4) { if (pixels[i] !== 0) { return true; } }
    return false;
  }

  function tooWide() {
    var out = [];
    var boxes = table.querySelectorAll('td, th, h3.chart-title');
    for (var i = 0; i < boxes.length && out.length < 20; i++) {
      var el = boxes[i];
      if (el.offsetParent !== null && el.scrollWidth > el.clientWidth + 1) { out.push(el.textContent.substring(0, 80)); }
    }
    return out;
  }

  function record() {
    var shown = rows.filter(function (r) { return !r.hidden; }).length;
    fCount.textContent = shown === rows.length ? rows.length + ' series' : shown + ' of ' + rows.length + ' series';
    document.body.setAttribute('data-rows', String(shown));
    document.body.setAttribute('data-scroll-width', String(document.documentElement.scrollWidth));
    document.body.setAttribute('data-too-wide', JSON.stringify(tooWide()));
    document.body.setAttribute('data-charts-open', String(table.querySelectorAll('tr.chart-row').length));
    document.body.setAttribute('data-charts-drawn', String(table.querySelectorAll('tr.chart-row canvas[data-drawn]').length));
    window.jvmmarkPublishErrors();
  }

  function draw(s, canvas) {
    var labels = s.runs.map(function (r) { return data.runs[r].start; });
    var forks = [];
    s.forks.forEach(function (fs, i) { fs.forEach(function (v) { forks.push({ x: labels[i], y: v }); }); });
    var many = labels.length > 60;
    var colour = '#1f77b4';
    var unit = s.axis ? ' ' + s.axis : '';
    charts[s.id] = new Chart(canvas, {
      data: {
        labels: labels,
        datasets: [
          { type: 'line', label: 'run (geometric mean of its forks)', data: s.values, borderColor: colour, backgroundColor: colour,
            borderWidth: many ? 1.5 : 2, tension: 0, spanGaps: true, order: 1,
            pointRadius: s.marks.map(function (m) { return m ? 7 : (many ? 0 : 3); }),
            pointHoverRadius: s.marks.map(function (m) { return m ? 8 : 4; }),
            pointBackgroundColor: s.marks.map(function (m) { return m ? '#ffffff' : colour; }),
            pointBorderColor: s.marks.map(function (m) { return m ? (m.apart ? '#8a6d00' : m.bad ? '#b00020' : '#1b7a1b') : colour; }),
            pointBorderWidth: s.marks.map(function (m) { return m ? 3 : 1; }) },
          { type: 'scatter', label: 'fork', data: forks, backgroundColor: 'rgba(31,119,180,0.3)', borderColor: 'rgba(31,119,180,0.3)',
            pointRadius: 2, order: 2 }
        ].concat(s.baseline == null ? [] : [ // none when no run came since the accepted one
          { type: 'line', label: s.baselineLabel, data: labels.map(function () { return s.baseline; }), borderColor: '#7d8791',
            borderWidth: 1, borderDash: [6, 4], pointRadius: 0, pointHoverRadius: 0, order: 3 }
        ])
      },
      options: {
        animation: false, maintainAspectRatio: false,
        interaction: { mode: 'nearest', intersect: true },
        scales: {
          x: { type: 'category', ticks: { maxRotation: 0, autoSkip: true, autoSkipPadding: 16,
            callback: function (v) { return shortStart(this.getLabelForValue(v)); } } },
          y: { title: { display: true, text: (s.axis || 'value') + ' (' + s.better + ')' },
            ticks: { callback: function (v) { return String(Number(v.toPrecision(6))); } } } // 12000, not 12,000
        },
        plugins: {
          legend: { position: 'bottom', labels: { boxHeight: 8 } },
          tooltip: { callbacks: {
            title: function (items) {
              var i = items[0].dataIndex;
              var r = items[0].dataset.type === 'scatter' ? labels.indexOf(items[0].raw.x) : i;
              return r < 0 ? '' : 'run ' + data.runs[s.runs[r]].id + ', started ' + shortStart(labels[r]);
            },
            label: function (item) { return item.dataset.label + ': ' + round(item.parsed.y) + unit; },
            afterLabel: function (item) { return item.datasetIndex === 0 && s.marks[item.dataIndex] ? s.marks[item.dataIndex].text : ''; }
          } }
        },
        onClick: function (e, items) {
          if (!items.length) { return; }
          var item = items[0];
          var r = item.datasetIndex === 1 ? labels.indexOf(forks[item.index].x) : item.index;
          var report = r >= 0 && data.runs[s.runs[r]].report;
          if (report) { window.open(report); }
        }
      }
    });
    if (hasInk(canvas)) { canvas.setAttribute('data-drawn', 'true'); }
  }

  function toggle(row) {
    var next = row.nextElementSibling;
    var id = row.getAttribute('data-id');
    if (next && next.classList.contains('chart-row')) {
      if (charts[id]) { charts[id].destroy(); delete charts[id]; }
      next.remove();
      row.classList.remove('open');
      record();
      return;
    }
    var s = data.series[id];
    var tr = document.createElement('tr');
    tr.className = 'chart-row';
    tr.hidden = row.hidden;
    var td = document.createElement('td');
    td.colSpan = 6;
    var title = document.createElement('h3');
    title.className = 'chart-title';
    title.textContent = s.title + ' (' + (s.axis ? s.axis + ', ' : '') + s.better + ')';
    var box = document.createElement('div');
    box.className = 'chart';
    var canvas = document.createElement('canvas');
    canvas.id = 'chart-' + id;
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', title.textContent);
    box.appendChild(canvas);
    var note = document.createElement('p');
    note.className = 'chart-note muted';
    note.textContent = 'Each point is a run, the faint dots its forks; a ringed point is a change point (red worse, green better);'
      + ' the dashed line is the baseline. Click a run to open its report.';
    td.appendChild(title);
    td.appendChild(box);
    td.appendChild(note);
    tr.appendChild(td);
    row.parentNode.insertBefore(tr, row.nextSibling);
    row.classList.add('open');
    try {
      draw(s, canvas);
    } catch (e) {
      window.jvmmarkErrors.push('chart ' + id + ': ' + e.message);
    }
    record();
  }

  function apply() {
    var words = fWords.value.toLowerCase().split(/\s+/).filter(Boolean);
    var group = fGroup.value;
    rows.forEach(function (row) {
      var text = row.getAttribute('data-text');
      var show = (!group || row.parentNode.getAttribute('data-group') === group)
        && (!fChanged.checked || row.getAttribute('data-changed') === '1')
        && (!fTrusted.checked || row.getAttribute('data-trusted') === '1')
        && words.every(function (w) { return text.indexOf(w) >= 0; });
      row.hidden = !show;
      var next = row.nextElementSibling;
      if (next && next.classList.contains('chart-row')) { next.hidden = !show; }
    });
    groups.forEach(function (g) {
      g.hidden = !g.querySelector('tr.series:not([hidden])');
      // A parameters line shows while one of the rows under it (up to the next such line) does.
      var head = null;
      var any = false;
      Array.prototype.forEach.call(g.rows, function (r) {
        if (r.classList.contains('params-head')) {
          if (head) { head.hidden = !any; }
          head = r;
          any = false;
        } else if (r.classList.contains('series') && !r.hidden) {
          any = true;
        }
      });
      if (head) { head.hidden = !any; }
    });
    record();
  }

  if (typeof Chart !== 'undefined') {
    Chart.defaults.font.family = 'system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif';
    Chart.defaults.color = '#1b1f24';
  }
  table.addEventListener('click', function (e) {
    var row = e.target.closest('tr.series');
    if (row) { toggle(row); }
  });
  [fGroup, fWords, fChanged, fTrusted].forEach(function (f) { f.addEventListener('input', apply); });
  document.getElementById('filters').addEventListener('submit', function (e) { e.preventDefault(); });
  apply();
  // "#series=ID", not the row's own id "#sID": the browser would scroll that row to the top by itself.
  var wanted = /^#series=([0-9]+)$/.exec(location.hash);
  var target = wanted && document.getElementById('s' + wanted[1]);
  if (target) {
    target.click();
    if (target.getBoundingClientRect().top > window.innerHeight / 2) { target.scrollIntoView(); } // else it is on the first screen
  }
  record();
  document.body.setAttribute('data-done', 'true');
})();
