/**
 * The service worker: the toolbar button opens the side panel in the window it was pressed in. The press
 * is what lets the extension into that tab (activeTab: the page's content, a screenshot), so the first
 * task works with no other step; the side panel's "Allow on this site" keeps it in after the tab moves on.
 */
void chrome.sidePanel.setPanelBehavior({ openPanelOnActionClick: false });
chrome.action.onClicked.addListener((tab) => {
  // Opened within the click's user gesture, as the browser requires.
  if (tab.windowId !== undefined) void chrome.sidePanel.open({ windowId: tab.windowId });
});
