// Runs before anything else: records every script error, failed console.error and CSP violation
// into the page, so a headless browser test can read them from the DOM.
(function () {
  var errors = [];
  window.jvmmarkErrors = errors;
  function publish() {
    if (document.body) { document.body.setAttribute('data-errors', JSON.stringify(errors)); }
  }
  window.addEventListener('error', function (e) {
    errors.push(e.message ? e.message : 'failed to load ' + (e.target && (e.target.src || e.target.href)));
    publish();
  }, true);
  window.addEventListener('unhandledrejection', function (e) { errors.push('unhandled rejection: ' + e.reason); publish(); });
  document.addEventListener('securitypolicyviolation', function (e) {
    errors.push('blocked by CSP: ' + e.violatedDirective + ' ' + e.blockedURI); publish();
  });
  var original = console.error;
  console.error = function () {
    errors.push(Array.prototype.join.call(arguments, ' ')); publish();
    return original.apply(console, arguments);
  };
  window.jvmmarkPublishErrors = publish;
})();
