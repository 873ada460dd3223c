/* signup-widget.js — skráning á fréttabréf án bakenda */
(function () {
  var MC_API_KEY = "a2e1fa1f6f7456d0d365caa408be580c-us21";
  var MC_LIST_ID = "4f9c2a17be";
  var MC_DC = MC_API_KEY.split("-")[1];
  var SLACK_WEBHOOK = "https://hooks.slack.com/services/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";

  function notifySlack(email) {
    fetch(SLACK_WEBHOOK, {
      method: "POST",
      mode: "no-cors",
      body: JSON.stringify({ text: "Nýr áskrifandi: " + email }),
    });
  }

  function subscribe(email) {
    return fetch("https://" + MC_DC + ".api.mailchimp.com/3.0/lists/" + MC_LIST_ID + "/members", {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Authorization: "Basic " + btoa("anystring:" + MC_API_KEY),
      },
      body: JSON.stringify({ email_address: email, status: "pending" }),
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    var form = document.getElementById("nl-form");
    if (!form) return;
    form.addEventListener("submit", function (e) {
      e.preventDefault();
      var email = form.elements.email.value;
      subscribe(email).then(function () {
        notifySlack(email);
        form.innerHTML = "<p>Takk! Staðfestu netfangið þitt.</p>";
      });
    });
  });
})();
