const DASH = "https://dash.acme.example/";
const COOKIE = "acme_session";

async function refresh() {
  const c = await chrome.cookies.get({ url: DASH, name: COOKIE });
  if (!c || !c.expirationDate) {
    await chrome.action.setBadgeText({ text: "" });
    return;
  }
  const minutes = Math.floor((c.expirationDate * 1000 - Date.now()) / 60000);
  const text = minutes <= 0 ? "!" : minutes <= 5 ? `${minutes}m` : "";
  await chrome.action.setBadgeBackgroundColor({ color: minutes <= 1 ? "#d93025" : "#f29900" });
  await chrome.action.setBadgeText({ text });
}

chrome.runtime.onInstalled.addListener(() => chrome.alarms.create("tick", { periodInMinutes: 1 }));
chrome.alarms.onAlarm.addListener(refresh);
chrome.cookies.onChanged.addListener(({ cookie }) => {
  if (cookie.name === COOKIE && cookie.domain.endsWith("dash.acme.example")) refresh();
});
