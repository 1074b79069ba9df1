// Draws every chart described in the page's JSON (see ChartSpecs.java) with the inlined Chart.js.
// When done it records on <body> how many charts were expected and actually drawn, which the
// headless browser test checks.
(function () {
  var data = JSON.parse(document.getElementById('jvmmark-data').textContent);
  var palette = ['#0969da', '#cf222e', '#1a7f37', '#8250df', '#bf8700', '#1b7c83', '#e16f24', '#6e7781'];
  var NINES = [2, 10, 100, 1000, 10000, 100000, 1000000, 10000000];

  function percentileLabel(x) {
    // x = 1 / (1 - p): 2 -> 50 %, 10 -> 90 %, 1000 -> 99.9 %
    var p = 100 * (1 - 1 / x);
    var digits = Math.max(0, Math.round(Math.log10(x)) - 2);
    return p.toFixed(digits) + '%';
  }

  function formatValue(v, unit) {
    if (v === null || v === undefined || isNaN(v)) { return ''; }
    if (v === 0) { return '0'; }
    var scales = {
      'ns': [[1e9, 's'], [1e6, 'ms'], [1e3, 'µs'], [1, 'ns']],
      'ms': [[1e3, 's'], [1, 'ms'], [1e-3, 'µs']],
      'bytes': [[1073741824, 'GiB'], [1048576, 'MiB'], [1024, 'KiB'], [1, 'B']]
    }[unit];
    if (!scales) { return Math.abs(v) >= 1e4 ? (v / 1e3).toPrecision(3) + ' k ' + unit : v.toPrecision(3) + ' ' + unit; }
    for (var i = 0; i < scales.length; i++) {
      if (Math.abs(v) >= scales[i][0] || i === scales.length - 1) { return (v / scales[i][0]).toPrecision(3) + ' ' + scales[i][1]; }
    }
  }

  function percentileChart(spec) {
    return {
      type: 'line',
      data: {
        datasets: spec.series.map(function (s, i) {
          return { label: s.label, data: s.points.map(function (p) { return { x: p[0], y: p[1] }; }),
                   borderColor: palette[i % palette.length], backgroundColor: palette[i % palette.length],
                   pointRadius: 0, borderWidth: 2, stepped: false };
        })
      },
      options: {
        animation: false, responsive: true, maintainAspectRatio: false, parsing: true,
        plugins: { legend: { position: 'bottom' }, title: { display: true, text: spec.title },
                   tooltip: { callbacks: { title: function (items) { return percentileLabel(items[0].parsed.x); },
                                           label: function (item) { return item.dataset.label + ': ' + formatValue(item.parsed.y, spec.unit); } } } },
        scales: {
          x: { type: 'logarithmic', min: 1, max: spec.maxX, title: { display: true, text: 'percentile' },
               afterBuildTicks: function (axis) {
                 axis.ticks = NINES.filter(function (v) { return v <= spec.maxX; }).map(function (v) { return { value: v }; });
               },
               ticks: { callback: function (v) { return percentileLabel(v); } } },
          y: { type: 'logarithmic', title: { display: true, text: 'latency (' + spec.unit + ', log scale)' },
               ticks: { callback: function (v) { var s = String(v); return /^[125]/.test(s) ? formatValue(v, spec.unit) : ''; } } }
        }
      }
    };
  }

  function barChart(spec) {
    var labels = spec.bars.map(function (b) { return b.label; });
    var datasets = [{
      label: spec.valueLabel, data: spec.bars.map(function (b) { return b.value; }), order: 1, grouped: false,
      backgroundColor: spec.bars.map(function (b) { return b.best ? 'rgba(26,127,55,0.75)' : 'rgba(9,105,218,0.55)'; }),
      barPercentage: 0.7
    }];
    if (spec.bars.some(function (b) { return b.min !== null; })) {
      datasets.push({
        label: 'run-to-run range (min–max)', order: 0, grouped: false, barPercentage: 0.12, backgroundColor: '#24292f',
        data: spec.bars.map(function (b) { return b.min === null ? null : [b.min, b.max]; })
      });
    }
    return {
      type: 'bar',
      data: { labels: labels, datasets: datasets },
      options: {
        animation: false, responsive: true, maintainAspectRatio: false,
        plugins: { legend: { position: 'bottom' }, title: { display: true, text: spec.title },
                   tooltip: { callbacks: { label: function (item) {
                     var v = item.raw;
                     return item.dataset.label + ': ' + (Array.isArray(v) ? formatValue(v[0], spec.unit) + ' – ' + formatValue(v[1], spec.unit) : formatValue(v, spec.unit));
                   } } } },
        scales: {
          x: { ticks: { autoSkip: false, maxRotation: 30, minRotation: 0 } },
          y: { beginAtZero: true,
               ticks: { callback: function (v) { return formatValue(v, spec.unit); } } }
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
  data.charts.forEach(function (spec) {
    try {
      var canvas = document.getElementById(spec.id);
      var config = spec.type === 'percentiles' ? percentileChart(spec) : barChart(spec);
      new Chart(canvas, config);
      if (hasInk(canvas)) { drawn++; canvas.setAttribute('data-drawn', 'true'); }
    } catch (e) {
      window.jvmmarkErrors.push('chart ' + spec.id + ': ' + e.message);
    }
  });
  document.body.setAttribute('data-charts-expected', String(data.charts.length));
  document.body.setAttribute('data-charts-drawn', String(drawn));
  window.jvmmarkPublishErrors();
  document.body.setAttribute('data-done', 'true');
})();
