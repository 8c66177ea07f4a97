/*
 * Moving around the course site with a keyboard, a screen reader or a phone: what the themes
 * leave out.
 *
 * The two sidebar panels are the chapter list (primary sidebar, opened by the menu button) and
 * the page's contents (secondary sidebar, opened by the contents button). The themes open and
 * close them (pydata-sphinx-theme: a modal <dialog> from 0.16 on, a hidden checkbox before;
 * sphinx-book-theme: on a wide screen the menu button folds the chapter list away instead).
 * This script adds no second way to open them; on every theme version the project supports,
 * it adds:
 *
 * 1. Each button says whether its panel is shown: aria-expanded is kept equal to the panel's
 *    state after every click, key press and change of window size.
 * 2. Following a link in a panel to a place on the same page (a section of the contents)
 *    closes the panel. Otherwise, on a phone, the panel stays over the section the reader
 *    asked for.
 * 3. A button pressed from the keyboard keeps the focus, and the focus never stays in a panel
 *    that is hidden. sphinx-book-theme >= 1.2 takes the focus off these buttons after every
 *    click (to hide their tooltip after a mouse click); pydata-sphinx-theme 0.15 moves it into
 *    the chapter list after every press, also when the press folds the list away. Either way a
 *    keyboard user was left nowhere, and pressing Enter again did nothing.
 *
 * And one thing for the page itself: pydata-sphinx-theme puts every table, output and code
 * block too wide (or tall) for its box in the keyboard's tab order (tabindex="0"), so that the
 * keyboard can scroll it. A stop in the tab order needs a role that says what it is: each such
 * table or output box becomes a region with a name of its own, from its section and what it
 * holds ("Table in Ties: ties, credit of a tie, where it comes from"), and stops being one when
 * it no longer overflows. (A code block is a <pre>, which needs no role: a screen reader reads
 * the code.)
 */
(() => {
  "use strict";

  // From these widths on (the themes' breakpoints, Bootstrap's "lg" and "xl") a sidebar is a
  // column of the page, not a panel over it; the menu button folds the chapter list's column
  // away and back, the contents' column has no button.
  const PANELS = [
    {
      button: ".primary-toggle",
      sidebar: ["#pst-primary-sidebar", ".bd-sidebar-primary"],  // with an id from 0.16 on
      dialog: "#pst-primary-sidebar-modal",
      checkbox: "#pst-primary-sidebar-checkbox",
      column: window.matchMedia("(min-width: 992px)"),
      folds: true,
    },
    {
      button: ".secondary-toggle",
      sidebar: ["#pst-secondary-sidebar", ".bd-sidebar-secondary"],
      dialog: "#pst-secondary-sidebar-modal",
      checkbox: "#pst-secondary-sidebar-checkbox",
      column: window.matchMedia("(min-width: 1200px)"),
      folds: false,
    },
  ];

  const find = (selector) => document.querySelector(selector);
  // The sidebar itself (the dialog takes over its classes while it is open, not its id)
  const sidebarOf = (panel) => panel.sidebar.map(find).find(Boolean);

  function isShown(panel) {
    const dialog = find(panel.dialog);
    const checkbox = find(panel.checkbox);
    if (dialog?.open) {
      return true;
    }
    if (panel.column.matches) {
      if (!panel.folds) {
        return true;
      }
      // shown unless folded away (the class of sphinx-book-theme >= 1.2, the checkbox before)
      const sidebar = sidebarOf(panel);
      return Boolean(sidebar) && !sidebar.classList.contains("pst-sidebar-hidden")
        && !checkbox?.checked;
    }
    return Boolean(checkbox?.checked);
  }

  function updateButtons() {
    for (const panel of PANELS) {
      const expanded = String(isShown(panel));
      for (const button of document.querySelectorAll(panel.button)) {
        if (button.getAttribute("aria-expanded") !== expanded) {
          button.setAttribute("aria-expanded", expanded);
        }
      }
    }
  }

  // After the themes' own handlers: they stop some events from bubbling, so listen while they
  // are captured, and look once the handlers have run.
  const updateSoon = () => window.setTimeout(updateButtons, 0);

  function closePanelOnLinkWithinPage(event) {
    const link = event.target.closest?.("a[href]");
    if (!link || !link.hash || link.origin !== location.origin
        || link.pathname !== location.pathname) {
      return;
    }
    for (const panel of PANELS) {
      const dialog = find(panel.dialog);
      const checkbox = find(panel.checkbox);
      if (dialog?.open && dialog.contains(link)) {
        dialog.close();
      } else if (checkbox?.checked && !panel.column.matches
                 && sidebarOf(panel)?.contains(link)) {
        checkbox.checked = false;
      }
    }
    updateSoon();
  }

  function keepKeyboardFocus(event) {
    const button = event.target.closest?.(PANELS.map((panel) => panel.button).join(", "));
    if (!button || event.detail !== 0) {  // detail 0: a click made by Enter or Space
      return;
    }
    window.setTimeout(() => {
      // unless the focus went somewhere on purpose (into a panel that opened)
      if (!document.activeElement || document.activeElement === document.body) {
        button.focus();
      }
    }, 0);
  }

  // The boxes pydata-sphinx-theme makes focusable when they overflow, and what to call them.
  const SCROLLABLE = [
    [".pst-scrollable-table-container", "Table", (box) => {
      const table = box.querySelector("table");
      const caption = table?.caption?.textContent ?? "";
      const headers = [...(table?.querySelectorAll("thead th") ?? [])]
        .map((cell) => cell.textContent.trim()).filter(Boolean).join(", ");
      return caption.trim() || headers;
    }],
    [".cell_output > .output, .nboutput > .output_area", "Output", (box) => {
      const text = box.textContent.trim().split("\n")[0].trim();
      return text || [...box.querySelectorAll("img[alt]")].map((img) => img.alt).join(", ");
    }],
  ];
  const NAMED_BY_US = "data-scroll-region";
  const LONGEST_NAME = 100;

  function sectionTitle(box) {
    const heading = box.closest("section")?.querySelector(":scope > h1, :scope > h2, "
      + ":scope > h3, :scope > h4, :scope > h5, :scope > h6");
    if (!heading) {
      return "";
    }
    const title = heading.cloneNode(true);
    title.querySelectorAll(".headerlink").forEach((link) => link.remove());
    return title.textContent.trim();
  }

  function nameScrollables() {
    document.querySelectorAll(`[${NAMED_BY_US}]`).forEach((box) => {
      box.removeAttribute("role");
      box.removeAttribute("aria-label");
      box.removeAttribute(NAMED_BY_US);
    });
    const used = new Map();  // a region's name is unique on the page
    for (const [selector, kind, describe] of SCROLLABLE) {
      for (const box of document.querySelectorAll(selector)) {
        if (box.getAttribute("tabindex") !== "0" || box.hasAttribute("role")) {
          continue;
        }
        const section = sectionTitle(box);
        const what = describe(box);
        let name = (section ? `${kind} in ${section}` : kind) + (what ? `: ${what}` : "");
        name = name.replace(/\s+/g, " ");
        if (name.length > LONGEST_NAME) {
          name = `${name.slice(0, LONGEST_NAME - 1)}…`;
        }
        const seen = (used.get(name) ?? 0) + 1;
        used.set(name, seen);
        box.setAttribute("role", "region");
        box.setAttribute("aria-label", seen > 1 ? `${name} (${seen})` : name);
        box.setAttribute(NAMED_BY_US, "");
      }
    }
  }

  function watchScrollables() {
    let pending = false;
    const nameSoon = () => {
      if (!pending) {
        pending = true;
        window.requestAnimationFrame(() => {
          pending = false;
          nameScrollables();
        });
      }
    };
    nameScrollables();
    const all = SCROLLABLE.map(([selector]) => selector).join(", ");
    new MutationObserver((changes) => {
      if (changes.some((change) => change.target.matches?.(all))) {
        nameSoon();
      }
    }).observe(document.body, {subtree: true, attributes: true, attributeFilter: ["tabindex"]});
  }

  function keepFocusOutOfHiddenPanels(event) {
    for (const panel of PANELS) {
      if (sidebarOf(panel)?.contains(event.target) && !isShown(panel)) {
        const button = [...document.querySelectorAll(panel.button)]
          .find((candidate) => candidate.checkVisibility());
        button?.focus();
      }
    }
  }

  function start() {
    document.addEventListener("click", updateSoon, true);
    document.addEventListener("keydown", updateSoon, true);
    document.addEventListener("click", closePanelOnLinkWithinPage);
    document.addEventListener("click", keepKeyboardFocus, true);
    document.addEventListener("focusin", keepFocusOutOfHiddenPanels);
    for (const panel of PANELS) {
      find(panel.dialog)?.addEventListener("close", updateSoon);
      find(panel.checkbox)?.addEventListener("change", updateSoon);
    }
    PANELS.forEach((panel) => panel.column.addEventListener("change", updateSoon));
    updateButtons();
    watchScrollables();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
