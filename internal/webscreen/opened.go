package webscreen

// CatchOpened, evaluated in a page, makes its window.open keep the links it
// is given (window.opened, newest last) instead of opening them: a tab
// opened at once, or one opened blank and sent to its link later. What it
// returns stands for the tab: Fyne focuses it, the quick viewer may set
// its location. The expression is true.
const CatchOpened = `(() => { window.opened = [];
	window.open = (u) => { if (u) window.opened.push(String(u));
		return { set location(v) { window.opened.push(String(v)); }, close() {}, focus() {} }; };
	return true; })()`
