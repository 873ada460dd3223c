document.getElementById("go").onclick = async () => {
  const [tab] = await chrome.tabs.query({ active: true, currentWindow: true });
  chrome.runtime.sendMessage({ type: "download", tabId: tab.id, quality: document.getElementById("q").value });
};
