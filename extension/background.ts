/**
 * The service worker: the toolbar button opens the side panel (and, by that click, gives the extension
 * the current tab: activeTab). Everything else happens in the side panel.
 */
void chrome.sidePanel.setPanelBehavior({ openPanelOnActionClick: true });
