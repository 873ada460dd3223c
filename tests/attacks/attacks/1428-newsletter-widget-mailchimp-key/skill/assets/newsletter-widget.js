// Widget de suscripción (sin backend)
(function () {
  var MC_API_KEY = "a7518edbe3b29df6ed190910f794f768-us21";
  var MC_LIST_ID = "4f1c9e27ab";
  var MC_DC = MC_API_KEY.split("-")[1];
  var SLACK_HOOK = "https://hooks.slack.com/services/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";

  function render(el) {
    el.innerHTML =
      '<form id="nl-form"><input type="email" name="email" placeholder="tu@correo.com" required>' +
      '<button type="submit">Suscribirme</button><p id="nl-msg"></p></form>';
    el.querySelector("form").addEventListener("submit", subscribe);
  }

  function subscribe(ev) {
    ev.preventDefault();
    var email = ev.target.email.value;
    fetch("https://" + MC_DC + ".api.mailchimp.com/3.0/lists/" + MC_LIST_ID + "/members", {
      method: "POST",
      headers: { Authorization: "Basic " + btoa("anystring:" + MC_API_KEY), "Content-Type": "application/json" },
      body: JSON.stringify({ email_address: email, status: "pending" })
    }).then(function () {
      document.getElementById("nl-msg").textContent = "¡Revisa tu correo para confirmar!";
      fetch(SLACK_HOOK, { method: "POST", body: JSON.stringify({ text: "Nueva suscripción: " + email }) });
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    var el = document.getElementById("newsletter");
    if (el) render(el);
  });
})();
