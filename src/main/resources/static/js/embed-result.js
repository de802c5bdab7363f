// Tells the partner page that framed this session page how the consumer answered (D7 embed sessions).
(function () {
  var result = document.getElementById('result');
  var origin = result && result.getAttribute('data-post-to');
  if (origin && window.parent !== window) {
    window.parent.postMessage({
      type: 'assent.session',
      session_id: result.getAttribute('data-session-id'),
      status: result.getAttribute('data-status')
    }, origin);
  }
})();
