// html-validate's rules for the site's pages (tests/api/search-engines.test.ts validates every
// public route with them). The recommended preset, with these exceptions:
/** @type {import('html-validate').ConfigData} */
export default {
  extends: ['html-validate:recommended'],
  elements: [
    'html5',
    {
      // Astro writes the rule that lays out its islands, `<style>astro-island,…{display:contents}</style>`,
      // in the body right before the first island (its renderer's fixed prelude, no option to move
      // it). Browsers apply a style element anywhere; only that element is let into flow content.
      style: { flow: true },
    },
  ],
  rules: {
    // Style, not validity: `<input />` and `<input>` are the same element; Astro and Preact write the first.
    'void-style': 'off',
    // Advice for search snippets, not validity: Story titles are the editors' (the site name is
    // added after them), and a long one is still a valid title.
    'long-title': 'off',
    // The header search is the WAI-ARIA combobox pattern: its popup is a `role="listbox"` of links
    // filled as the reader types, which a native <select> cannot be. Every other role still has to
    // prefer its native element.
    'prefer-native-element': ['error', { exclude: ['listbox'] }],
  },
};
