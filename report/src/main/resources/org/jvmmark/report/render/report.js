// Draws every chart described in the page's JSON (see ChartSpecs.java) with the inlined Chart.js.
// Each JVM keeps the colour, marker and dash ChartSpecs gave it in every chart; the HTML legend above
// each workload's charts shows them, so Chart.js's own legends (which squeeze the plot) stay off.
// Charts folded inside a closed <details> are drawn when it is first opened; "#all" in the address
// opens every <details> first (for printing, and for the browser test).
// When done it records on <body> how many charts were expected and drawn, the styles each chart
// used, and the page's scroll width, which the headless browser test checks.
(function () {
  var data = JSON.parse(document.getElementById('jvmmark-data').textContent);
  var NINES = [2, 10, 100, 1000, 10000, 100000, 1000000, 10000000];
  var TIME = { 'ns': 1, 'us': 1e3, 'µs': 1e3, 'ms': 1e6, 's': 1e9 };
  var TIME_UNITS = [[1, 'ns'], [1e3, 'µs'], [1e6, 'ms'], [1e9, 's']];
  var BYTE_UNITS = [[1, 'B'], [1024, 'KiB'], [1048576, 'MiB'], [1073741824, 'GiB']];
  var styles = {};

  function round(v) {
    // Three significant figures at most, no trailing zeros: 1, 2.5, 120, 1500.
    if (v === 0) { return '0'; }
    var a = Math.abs(v);
    var s = a >= 100 ? v.toFixed(0) : Number(v.toPrecision(3)).toString();
    return s;
  }

  // How values in `unit` are shown: the base they are converted to, and the display units over it.
  function units(unit) {
    if (TIME[unit] !== undefined) { return { base: TIME[unit], steps: TIME_UNITS, sep: ' ' }; }
    if (/^(bytes|B)$/.test(unit)) { return { base: 1, steps: BYTE_UNITS, sep: ' ' }; }
    if (unit.charAt(0) === '/') { return { base: 1, steps: [[1, unit], [1e3, 'k' + unit], [1e6, 'M' + unit]], sep: ' ' }; }
    // A compound unit (ms/GiB) takes no prefix: "k ms/GiB" reads as nothing.
    if (unit.indexOf('/') > 0) { return { base: 1, steps: [[1, unit]], sep: ' ' }; }
    var u = unit ? ' ' + unit : '';
    return { base: 1, steps: [[1, u.trim()], [1e3, 'k' + u], [1e6, 'M' + u]], sep: ' ' };
  }

  // The display unit for values up to `max` (in the base): how many base units it holds, and its name.
  function scaleFor(unit, max) {
    var u = units(unit);
    var chosen = u.steps[0];
    u.steps.forEach(function (s) { if (Math.abs(max) >= s[0]) { chosen = s; } });
    return { factor: chosen[0], name: chosen[1] };
  }

  // One value with its own best unit: "312 ns", "1.2 ms" (log axes, tooltips).
  function formatValue(v, unit) {
    if (v === null || v === undefined || isNaN(v)) { return ''; }
    var u = units(unit);
    var s = scaleFor(unit, v * u.base);
    return round(v * u.base / s.factor) + (s.name ? ' ' + s.name : '');
  }

  function percentileLabel(x) {
    // x = 1 / (1 - p): 2 -> 50 %, 10 -> 90 %, 1000 -> 99.9 %
    var p = 100 * (1 - 1 / x);
    var digits = Math.max(0, Math.round(Math.log10(x)) - 2);
    return p.toFixed(digits) + ' %';
  }

  function alpha(hex, a) {
    var n = parseInt(hex.slice(1), 16);
    return 'rgba(' + (n >> 16) + ',' + ((n >> 8) & 255) + ',' + (n & 255) + ',' + a + ')';
  }

  function dash(s) {
    return s ? s.split(' ').map(Number) : [];
  }

  function shorten(label) {
    return label.length > 48 ? label.slice(0, 46) + '…' : label;
  }

  function remember(spec, items) {
    styles[spec.id] = items.map(function (i) { return [i.jvm, i.colour, i.marker]; });
  }

  function title(spec) {
    return { display: true, text: spec.title, align: 'start', font: { size: 13, weight: '600' }, padding: { bottom: 8 } };
  }

  // Whiskers: a horizontal (bars) or vertical (points) line from the lowest to the highest run, with caps.
  var whiskers = {
    id: 'whiskers',
    afterDatasetsDraw: function (chart) {
      var w = chart.options.plugins.whiskers;
      if (!w || !w.ranges) { return; }
      var ctx = chart.ctx;
      ctx.save();
      ctx.strokeStyle = '#24292f';
      ctx.lineWidth = 1.5;
      w.ranges.forEach(function (range, ds) {
        var meta = chart.getDatasetMeta(ds);
        range.forEach(function (r, i) {
          if (!r || r[0] === null || !meta.data[i]) { return; }
          var el = meta.data[i];
          ctx.beginPath();
          if (w.horizontal) {
            var x0 = chart.scales.x.getPixelForValue(r[0]);
            var x1 = chart.scales.x.getPixelForValue(r[1]);
            ctx.moveTo(x0, el.y); ctx.lineTo(x1, el.y);
            ctx.moveTo(x0, el.y - 5); ctx.lineTo(x0, el.y + 5);
            ctx.moveTo(x1, el.y - 5); ctx.lineTo(x1, el.y + 5);
          } else {
            var y0 = chart.scales.y.getPixelForValue(r[0]);
            var y1 = chart.scales.y.getPixelForValue(r[1]);
            ctx.strokeStyle = meta.dataset ? meta.dataset.options.borderColor : '#24292f';
            ctx.moveTo(el.x, y0); ctx.lineTo(el.x, y1);
            ctx.moveTo(el.x - 4, y0); ctx.lineTo(el.x + 4, y0);
            ctx.moveTo(el.x - 4, y1); ctx.lineTo(el.x + 4, y1);
          }
          ctx.stroke();
        });
      });
      ctx.restore();
    }
  };

  // Markers of a series: a dashed vertical line at x with its label, e.g. where the data passed the memory limit.
  var xMarkers = {
    id: 'xMarkers',
    afterDatasetsDraw: function (chart) {
      var m = chart.options.plugins.xMarkers;
      if (!m || !m.markers || !m.markers.length) { return; }
      var ctx = chart.ctx;
      var area = chart.chartArea;
      ctx.save();
      ctx.strokeStyle = '#57606a';
      ctx.fillStyle = '#57606a';
      ctx.setLineDash([4, 3]);
      ctx.font = '11px system-ui, sans-serif';
      m.markers.forEach(function (mk) {
        var x = chart.scales.x.getPixelForValue(mk.at);
        if (x < area.left || x > area.right) { return; }
        ctx.beginPath(); ctx.moveTo(x, area.top); ctx.lineTo(x, area.bottom); ctx.stroke();
        var w = ctx.measureText(mk.label).width;
        ctx.fillText(mk.label, Math.min(x + 4, area.right - w), area.top + 12);
      });
      ctx.restore();
    }
  };

  function percentileChart(spec) {
    remember(spec, spec.series);
    var base = units(spec.unit).base;
    return {
      type: 'line',
      data: {
        datasets: spec.series.map(function (s) {
          var marks = {};
          s.marks.forEach(function (i) { marks[i] = true; });
          return { label: s.label, data: s.points.map(function (p) { return { x: p[0], y: p[1] * base }; }),
                   borderColor: s.colour, backgroundColor: s.colour, borderDash: dash(s.dash), borderWidth: 2,
                   pointStyle: s.marker, pointBackgroundColor: s.colour,
                   pointRadius: function (ctx) { return marks[ctx.dataIndex] ? 5 : 0; }, pointHoverRadius: 5 };
        })
      },
      options: {
        animation: false, responsive: true, maintainAspectRatio: false,
        plugins: { legend: { display: false }, title: title(spec),
                   tooltip: { callbacks: { title: function (items) { return percentileLabel(items[0].parsed.x); },
                                           label: function (item) { return item.dataset.label + ': ' + formatValue(item.parsed.y, 'ns'); } } } },
        scales: {
          x: { type: 'logarithmic', min: 1, max: spec.maxX, title: { display: true, text: 'percentile' },
               afterBuildTicks: function (axis) {
                 axis.ticks = NINES.filter(function (v) { return v <= spec.maxX; }).map(function (v) { return { value: v }; });
               },
               ticks: { callback: function (v) { return percentileLabel(v); } } },
          y: { type: 'logarithmic', title: { display: true, text: 'latency (log scale)' },
               afterBuildTicks: function (axis) {
                 // Round ticks only: 1, 2 and 5 of each decade, each in its own unit (ns, µs, ms).
                 axis.ticks = axis.ticks.filter(function (t) {
                   var m = t.value / Math.pow(10, Math.floor(Math.log10(t.value) + 1e-9));
                   return Math.abs(m - 1) < 1e-6 || Math.abs(m - 2) < 1e-6 || Math.abs(m - 5) < 1e-6;
                 });
               },
               ticks: { autoSkip: false, callback: function (v) { return formatValue(v, 'ns'); } } }
        }
      }
    };
  }

  function barChart(spec) {
    remember(spec, spec.bars);
    var u = units(spec.unit);
    var max = Math.max.apply(null, spec.bars.map(function (b) { return Math.max(b.value, b.max === null ? 0 : b.max) * u.base; }));
    var s = scaleFor(spec.unit, max);
    var k = u.base / s.factor;
    var ranges = spec.bars.map(function (b) { return b.min === null ? null : [b.min * k, b.max * k]; });
    var fill = spec.trusted === false ? 0.25 : 0.75;
    return {
      type: 'bar',
      data: {
        labels: spec.bars.map(function (b) { return shorten(b.label); }),
        datasets: [{
          label: spec.title, data: spec.bars.map(function (b) { return b.value * k; }),
          backgroundColor: spec.bars.map(function (b) { return alpha(b.colour, fill); }),
          borderColor: spec.bars.map(function (b) { return b.colour; }), borderWidth: 1,
          barPercentage: 0.8, categoryPercentage: 0.9
        }]
      },
      options: {
        indexAxis: 'y', animation: false, responsive: true, maintainAspectRatio: false,
        plugins: { legend: { display: false }, title: title(spec), whiskers: { ranges: [ranges], horizontal: true },
                   tooltip: { callbacks: { label: function (item) {
                     var b = spec.bars[item.dataIndex];
                     return formatValue(b.value, spec.unit) + (b.min === null ? '' : ' (runs ' + formatValue(b.min, spec.unit) + ' – ' + formatValue(b.max, spec.unit) + ')');
                   } } } },
        scales: {
          x: { beginAtZero: true, suggestedMax: max / s.factor, title: { display: true, text: s.name ? s.name : 'value' },
               ticks: { callback: function (v) { return round(v); } } },
          y: { ticks: { autoSkip: false } }
        }
      }
    };
  }

  function lineChart(spec) {
    remember(spec, spec.lines);
    var u = units(spec.unit);
    var all = [];
    var xs = [];
    spec.lines.forEach(function (l) { l.points.forEach(function (p) { all.push(Math.max(p[1], p[3] === null ? 0 : p[3])); xs.push(p[0]); }); });
    var s = scaleFor(spec.unit, Math.max.apply(null, all) * u.base);
    var k = u.base / s.factor;
    var minX = Math.min.apply(null, xs);
    var maxX = Math.max.apply(null, xs);
    var logX = minX > 0 && maxX / minX >= 20;
    return {
      type: 'line',
      data: {
        datasets: spec.lines.map(function (l) {
          return { label: l.label, data: l.points.map(function (p) { return { x: p[0], y: p[1] * k }; }),
                   borderColor: l.colour, backgroundColor: l.colour, borderDash: dash(l.dash), borderWidth: 2,
                   pointStyle: l.marker, pointRadius: l.points.length > 40 ? 0 : 4, pointHoverRadius: 5 };
        })
      },
      options: {
        animation: false, responsive: true, maintainAspectRatio: false, parsing: true,
        plugins: { legend: { display: false }, title: title(spec), xMarkers: { markers: spec.markers },
                   whiskers: { ranges: spec.lines.map(function (l) {
                     return l.points.map(function (p) { return p[2] === null ? null : [p[2] * k, p[3] * k]; });
                   }) },
                   tooltip: { callbacks: { label: function (item) { return item.dataset.label + ': ' + round(item.parsed.y) + ' ' + s.name; } } } },
        scales: {
          x: { type: logX ? 'logarithmic' : 'linear', title: { display: true, text: spec.xName + (spec.xUnit ? ' (' + spec.xUnit + ')' : '') },
               afterBuildTicks: logX ? function (axis) {
                 axis.ticks = axis.ticks.filter(function (t) {
                   var m = t.value / Math.pow(10, Math.floor(Math.log10(t.value) + 1e-9));
                   return Math.abs(m - 1) < 1e-6 || Math.abs(m - 2) < 1e-6 || Math.abs(m - 5) < 1e-6;
                 });
               } : undefined,
               ticks: { autoSkip: !logX, callback: function (v) { return v >= 1e4 ? round(v / 1e3) + ' k' : round(v); } } },
          y: { beginAtZero: true, suggestedMax: Math.max.apply(null, all) * u.base / s.factor, title: { display: true, text: s.name ? s.name : 'value' },
               ticks: { callback: function (v) { return round(v); } } }
        }
      }
    };
  }

  function hasInk(canvas) {
    var ctx = canvas.getContext('2d');
    var pixels = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    for (var i = 3; i < pixels.length; i += 4) { if (pixels[i] !== 0) { return true; } }
    return false;
  }

  var drawn = 0;
  function record() {
    document.body.setAttribute('data-charts-expected', String(data.charts.length));
    document.body.setAttribute('data-charts-drawn', String(drawn));
    document.body.setAttribute('data-chart-styles', JSON.stringify(styles));
    document.body.setAttribute('data-scroll-width', String(document.documentElement.scrollWidth));
    var tops = {};
    Array.prototype.forEach.call(document.querySelectorAll('section.workload'), function (s) {
      tops[s.id] = Math.round(s.getBoundingClientRect().top + window.scrollY);
    });
    document.body.setAttribute('data-section-tops', JSON.stringify(tops));
    document.body.setAttribute('data-page-height', String(document.documentElement.scrollHeight));
    var verdict = document.getElementById('verdict-table');
    if (verdict) { document.body.setAttribute('data-verdict-bottom', String(verdict.getBoundingClientRect().bottom + window.scrollY)); }
    // The questions' fold (its summary line while folded): where the first screen ends.
    var answers = document.getElementById('questions');
    if (answers) { document.body.setAttribute('data-answers-bottom', String(answers.getBoundingClientRect().bottom + window.scrollY)); }
  }

  function draw(spec) {
    try {
      var canvas = document.getElementById(spec.id);
      var config = spec.type === 'percentiles' ? percentileChart(spec) : spec.type === 'bars' ? barChart(spec) : lineChart(spec);
      config.plugins = [whiskers, xMarkers];
      new Chart(canvas, config);
      if (hasInk(canvas)) { drawn++; canvas.setAttribute('data-drawn', 'true'); }
    } catch (e) {
      window.jvmmarkErrors.push('chart ' + spec.id + ': ' + e.message);
    }
  }

  if (location.hash === '#all') {
    Array.prototype.forEach.call(document.querySelectorAll('details'), function (d) { d.open = true; });
  }
  if (typeof Chart !== 'undefined') {
    Chart.defaults.font.family = 'system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif';
    Chart.defaults.color = '#1b1f24';
  }
  data.charts.forEach(function (spec) {
    var canvas = document.getElementById(spec.id);
    var folded = canvas && canvas.closest('details:not([open])');
    if (!folded) { draw(spec); return; }
    folded.addEventListener('toggle', function once() {
      folded.removeEventListener('toggle', once);
      draw(spec);
      record();
      window.jvmmarkPublishErrors();
    });
  });
  record();
  window.jvmmarkPublishErrors();
  var target = location.hash.length > 1 && location.hash !== '#all' && document.getElementById(location.hash.slice(1));
  if (target) { target.scrollIntoView(); }
  document.body.setAttribute('data-done', 'true');
})();
