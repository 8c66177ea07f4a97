/* Search results without raw TeX (loaded on search.html only, by coursesite.py).
 *
 * Sphinx's search page cuts each result's snippet out of the page's HTML, where a formula is
 * still its TeX source ("\(\hat R_S(h) \le \frac{1}{n}\)"), and lists section titles as the search
 * index stores them ("Where \alpha_t and Z_t come from"). A reader should see "R̂_S(h) ≤ 1/n" and
 * "Where α_t and Z_t come from". This script
 *
 *  - rewrites each formula as plain text before Sphinx takes a snippet from a page (so that a
 *    snippet never starts or ends inside a formula's source), and
 *  - rewrites what is left of TeX in the listed results (titles, and snippets from a Sphinx
 *    version whose snippet code it could not wrap), as the results arrive.
 *
 * plainMath() is the translation: common symbols to Unicode, \frac{a}{b} to a/b, font and
 * accent commands to their argument, spacing and sizing commands dropped; whatever command is
 * left loses its backslash. It is exposed as window.rankvizSite.plainMath for the tests.
 */
(() => {
  "use strict";

  const SYMBOLS = {
    alpha: "α", beta: "β", gamma: "γ", delta: "δ", epsilon: "ε", varepsilon: "ε", zeta: "ζ",
    eta: "η", theta: "θ", vartheta: "ϑ", iota: "ι", kappa: "κ", lambda: "λ", mu: "μ", nu: "ν",
    xi: "ξ", pi: "π", rho: "ρ", sigma: "σ", tau: "τ", upsilon: "υ", phi: "φ", varphi: "φ",
    chi: "χ", psi: "ψ", omega: "ω", Gamma: "Γ", Delta: "Δ", Theta: "Θ", Lambda: "Λ", Xi: "Ξ",
    Pi: "Π", Sigma: "Σ", Phi: "Φ", Psi: "Ψ", Omega: "Ω",
    le: "≤", leq: "≤", ge: "≥", geq: "≥", ne: "≠", neq: "≠", lt: "<", gt: ">", approx: "≈",
    sim: "∼", simeq: "≃", equiv: "≡", propto: "∝", ll: "≪", gg: "≫", succ: "≻", prec: "≺",
    succeq: "⪰", preceq: "⪯", in: "∈", notin: "∉", ni: "∋", subset: "⊂", subseteq: "⊆",
    supset: "⊃", supseteq: "⊇", cup: "∪", cap: "∩", setminus: "∖", emptyset: "∅",
    varnothing: "∅", infty: "∞", sum: " Σ", prod: " Π", int: " ∫", times: "×", cdot: "·",
    circ: "∘", pm: "±", mp: "∓", div: "÷", ast: "∗", star: "⋆", oplus: "⊕", otimes: "⊗",
    cdots: "⋯", ldots: "…", dots: "…", vdots: "⋮", ddots: "⋱", to: "→", rightarrow: "→",
    longrightarrow: "⟶", leftarrow: "←", gets: "←", mapsto: "↦", Rightarrow: "⇒",
    Leftarrow: "⇐", Leftrightarrow: "⇔", iff: "⇔", implies: "⇒", uparrow: "↑",
    downarrow: "↓", forall: "∀", exists: "∃", neg: "¬", lnot: "¬", wedge: "∧", land: "∧",
    vee: "∨", lor: "∨", partial: "∂", nabla: "∇", ell: "ℓ", top: "⊤", bot: "⊥", perp: "⊥",
    mid: "|", vert: "|", Vert: "‖", lvert: "|", rvert: "|", lVert: "‖", rVert: "‖",
    langle: "⟨", rangle: "⟩", lceil: "⌈", rceil: "⌉", lfloor: "⌊", rfloor: "⌋",
    backslash: "∖", prime: "′", sqrt: "√", log: "log", ln: "ln", exp: "exp", min: "min",
    max: "max", inf: "inf", sup: "sup", lim: "lim", arg: "arg", Pr: "Pr", det: "det",
    sin: "sin", cos: "cos", tanh: "tanh", sgn: "sgn", "{": "{", "}": "}", "%": "%", "&": "&",
    "#": "#", _: "_", $: "$",
  };
  // \mathbb{R} and friends: the blackboard letters the course uses
  const BLACKBOARD = { R: "ℝ", N: "ℕ", Z: "ℤ", Q: "ℚ", E: "𝔼", P: "ℙ", C: "ℂ", "1": "𝟙" };
  // commands whose argument is what a reader should see
  const KEEP_ARGUMENT = new Set([
    "mathrm", "mathbf", "mathit", "mathsf", "mathtt", "mathcal", "mathscr", "mathfrak",
    "boldsymbol", "bm", "text", "textrm", "textbf", "textit", "textsf", "texttt", "mbox",
    "operatorname", "operatorname*", "hat", "widehat", "bar", "overline", "tilde",
    "widetilde", "vec", "dot", "ddot", "check", "breve", "underline", "mathop", "displaystyle",
    "textstyle", "underbrace", "overbrace",
  ]);
  const ACCENTS = { hat: "\u0302", widehat: "\u0302", bar: "\u0304", overline: "\u0304",
    tilde: "\u0303", widetilde: "\u0303", dot: "\u0307", ddot: "\u0308", vec: "\u20d7" };
  // spacing, sizing and layout commands: nothing to read
  const DROP = new Set([
    "left", "right", "big", "Big", "bigg", "Bigg", "bigl", "bigr", "Bigl", "Bigr", "biggl",
    "biggr", "Biggl", "Biggr", "middle", "quad", "qquad", ",", ";", ":", "!", " ", "limits",
    "nolimits", "displaystyle", "textstyle", "scriptstyle", "tag", "label", "nonumber",
    "notag", "hspace", "vspace", "phantom", "hphantom", "vphantom", "strut", "mathstrut",
  ]);

  /** A formula's TeX source as plain text. */
  function plainMath(tex) {
    let text = String(tex);
    // the delimiters MyST and MathJax use
    text = text.replace(/\\[()[\]]/g, " ").replace(/\$\$?/g, " ");
    text = text.replace(/\\(?:begin|end)\{[^}]*\}(?:\{[^}]*\})?/g, " ");
    text = text.replace(/\\\\/g, "; ").replace(/&/g, " ");
    text = text.replace(/\\(?:hspace|vspace|label|tag)\*?\{[^}]*\}/g, " ");
    text = text.replace(/\\mathbb\s*\{\s*([A-Za-z1])\s*\}/g,
      (whole, letter) => BLACKBOARD[letter] ?? letter);
    text = text.replace(/\\mathbb\s*([A-Za-z1])/g, (whole, letter) => BLACKBOARD[letter] ?? letter);
    // a one-character argument without braces: \hat R, \mathbf 1, \tfrac14
    text = text.replace(/\\[dt]?frac\s*([A-Za-z0-9])\s*([A-Za-z0-9])/g, "$1/$2");
    text = text.replace(/\\([A-Za-z]+)\s+([A-Za-z0-9])(?![A-Za-z0-9])/g,
      (whole, name, letter) => (KEEP_ARGUMENT.has(name) ? `\\${name}{${letter}}` : whole));
    // innermost groups first, until nothing changes
    for (let pass = 0; pass < 8; pass += 1) {
      const before = text;
      text = text.replace(/\\[dt]?frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}/g,
        (whole, top, bottom) => `${wrap(top)}/${wrap(bottom)}`);
      text = text.replace(/\\binom\s*\{([^{}]*)\}\s*\{([^{}]*)\}/g, "C($1, $2)");
      text = text.replace(/\\sqrt\s*\{([^{}]*)\}/g, (whole, body) => `√${wrap(body)}`);
      text = text.replace(/\\([A-Za-z]+\*?)\s*\{([^{}]*)\}/g, (whole, name, body) => {
        if (name in ACCENTS && /^\s*[A-Za-z]\s*$/.test(body)) {
          return body.trim() + ACCENTS[name];
        }
        return KEEP_ARGUMENT.has(name) ? body : whole.replace(/\{([^{}]*)\}/, "⟮$1⟯");
      });
      if (text === before) break;
    }
    text = text.replace(/\\([A-Za-z]+|[^A-Za-z])/g, (whole, name) => {
      if (DROP.has(name)) return " ";
      if (name in SYMBOLS) {  // an operator name (log, max, Pr) stands apart as a word
        return /^[A-Za-z]{2,}$/.test(SYMBOLS[name]) ? ` ${SYMBOLS[name]} ` : SYMBOLS[name];
      }
      return name;
    });
    text = text.replace(/[{}]/g, "").replace(/⟮/g, "{").replace(/⟯/g, "}");
    text = text.replace(/[⟮⟯{}]/g, "");
    return text.replace(/\s+/g, " ").trim();
  }

  /** An operand of a fraction: in parentheses unless it is a single symbol or number. */
  function wrap(operand) {
    const body = operand.trim();
    return /^[\w.′]+$/u.test(body) || /^\\[A-Za-z]+$/.test(body) ? body : `(${body})`;
  }

  /** Rewrite the TeX in every text node under root (a node with no backslash is left alone). */
  function plainTextNodes(root) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const changes = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.nodeValue.includes("\\") || node.nodeValue.includes("$$")) changes.push(node);
    }
    for (const node of changes) {
      node.nodeValue = node.nodeValue.replace(
        /\\\((.*?)\\\)|\\\[(.*?)\\\]|\$\$(.*?)\$\$|[^\s]*\\[^\s]*/gs,
        (whole) => ` ${plainMath(whole)} `).replace(/ {2,}/g, " ");
    }
  }

  window.rankvizSite = Object.assign(window.rankvizSite ?? {}, { plainMath });

  // 1. Formulas as plain text before Sphinx cuts a snippet out of a page.
  if (typeof Search !== "undefined" && typeof Search.htmlToText === "function") {
    const htmlToText = Search.htmlToText;
    Search.htmlToText = (htmlString, ...rest) => {
      const page = new DOMParser().parseFromString(htmlString, "text/html");
      page.querySelectorAll(".math").forEach((formula) => {
        formula.textContent = ` ${plainMath(formula.textContent)} `;
      });
      return htmlToText(page.documentElement.outerHTML, ...rest);
    };
  }

  // 2. Whatever TeX is left in the listed results (section titles come from the search index).
  const watch = () => {
    const results = document.getElementById("search-results");
    if (!results) return;
    plainTextNodes(results);
    new MutationObserver(() => plainTextNodes(results))
      .observe(results, { childList: true, subtree: true, characterData: true });
  };
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", watch);
  } else {
    watch();
  }
})();
