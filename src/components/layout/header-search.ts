// The header search's behaviour (HeaderSearch.astro): the combobox that opens from the search
// button or the `/` key, asks GET /api/search as the reader types, and shows the results grouped by kind.
import { SEARCH_KIND_LABELS, type SearchKind } from '../../lib/search-query';

interface Hit {
  kind: SearchKind;
  id: number;
  titleHtml: string;
  snippetHtml: string;
  url: string;
  openNow: boolean | null;
}

const root = document.querySelector<HTMLElement>('[data-header-search]');
const opener = root?.querySelector<HTMLAnchorElement>('[data-search-open]');
const bar = root?.querySelector<HTMLElement>('[data-search-bar]');
const input = root?.querySelector<HTMLInputElement>('[data-search-input]');
const panel = root?.querySelector<HTMLElement>('[data-search-panel]');
const list = root?.querySelector<HTMLElement>('[data-search-results]');
const status = root?.querySelector<HTMLElement>('[data-search-status]');
const closer = root?.querySelector<HTMLButtonElement>('[data-search-close]');

if (root && opener && bar && input && panel && list && status && closer) {
  let returnFocus: HTMLElement | null = null;
  let active = -1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let controller: AbortController | undefined;
  const options = () => [...list.querySelectorAll<HTMLElement>('[role="option"]')];

  const showPanel = (show: boolean) => {
    panel.hidden = !show;
    input.setAttribute('aria-expanded', String(show));
    if (!show) setActive(-1);
  };
  const setActive = (index: number) => {
    const all = options();
    active = index;
    all.forEach((option, i) => option.setAttribute('aria-selected', String(i === index)));
    const current = all[index];
    if (current) {
      input.setAttribute('aria-activedescendant', current.id);
      current.scrollIntoView({ block: 'nearest' });
    } else input.removeAttribute('aria-activedescendant');
  };
  const openBar = (from: HTMLElement | null) => {
    returnFocus = from;
    bar.hidden = false;
    opener.setAttribute('aria-expanded', 'true');
    input.focus();
  };
  const closeBar = () => {
    showPanel(false);
    bar.hidden = true;
    opener.setAttribute('aria-expanded', 'false');
    (returnFocus ?? opener).focus();
  };

  const render = (query: string, hits: Hit[]) => {
    list.replaceChildren();
    const kinds = [...new Set(hits.map((hit) => hit.kind))];
    for (const kind of kinds) {
      const group = document.createElement('div');
      group.setAttribute('role', 'group');
      group.setAttribute('aria-labelledby', `header-search-group-${kind}`);
      const heading = document.createElement('div');
      heading.id = `header-search-group-${kind}`;
      heading.className = 'header-search__group';
      heading.textContent = SEARCH_KIND_LABELS[kind];
      group.append(heading);
      for (const hit of hits.filter((h) => h.kind === kind)) {
        const option = document.createElement('a');
        option.id = `header-search-${hit.kind}-${hit.id}`;
        option.href = hit.url;
        option.tabIndex = -1;
        option.className = 'header-search__option';
        option.setAttribute('role', 'option');
        option.setAttribute('aria-selected', 'false');
        // The server sends these escaped, with only <mark> added around matched words.
        option.innerHTML = `<span class="header-search__title">${hit.titleHtml}</span><span class="header-search__snippet">${hit.snippetHtml}</span>`;
        if (hit.openNow) option.insertAdjacentHTML('beforeend', '<span class="header-search__open-now">Open now</span>');
        group.append(option);
      }
      list.append(group);
    }
    const all = document.createElement('a');
    all.id = 'header-search-all';
    all.href = `/search?q=${encodeURIComponent(query)}`;
    all.tabIndex = -1;
    all.className = 'header-search__option header-search__all';
    all.setAttribute('role', 'option');
    all.setAttribute('aria-selected', 'false');
    all.textContent = hits.length ? `All results for “${query}”` : `No quick results for “${query}”: search everything`;
    list.append(all);
    status.textContent = hits.length ? `${hits.length} result${hits.length === 1 ? '' : 's'}` : 'No results';
    active = -1;
    showPanel(true);
  };

  const lookUp = async () => {
    const query = input.value.trim();
    controller?.abort();
    if (!query) {
      showPanel(false);
      status.textContent = '';
      return;
    }
    controller = new AbortController();
    try {
      const response = await fetch(`/api/search?q=${encodeURIComponent(input.value.slice(0, 100))}&limit=8`, { signal: controller.signal });
      if (!response.ok) return;
      const result = (await response.json()) as { hits: Hit[] };
      if (input.value.trim() === query) render(query, result.hits);
    } catch {
      // A newer keystroke aborted this one, or the network is gone: the form still submits.
    }
  };

  opener.setAttribute('role', 'button');
  opener.setAttribute('aria-expanded', 'false');
  opener.setAttribute('aria-controls', 'header-search-input');
  opener.addEventListener('click', (event) => {
    event.preventDefault();
    if (bar.hidden) openBar(opener);
    else closeBar();
  });
  // A link acting as a button answers Space too.
  opener.addEventListener('keydown', (event) => {
    if (event.key === ' ') {
      event.preventDefault();
      opener.click();
    }
  });
  closer.addEventListener('click', closeBar);
  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(lookUp, 120);
  });
  input.addEventListener('keydown', (event) => {
    const all = options();
    if (event.key === 'ArrowDown' && all.length) {
      event.preventDefault();
      if (panel.hidden) showPanel(true);
      setActive((active + 1) % all.length);
    } else if (event.key === 'ArrowUp' && all.length) {
      event.preventDefault();
      setActive(active <= 0 ? all.length - 1 : active - 1);
    } else if (event.key === 'Enter' && active >= 0 && all[active]) {
      event.preventDefault();
      window.location.assign((all[active] as HTMLAnchorElement).href);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      if (!panel.hidden) showPanel(false);
      else closeBar();
    }
  });
  list.addEventListener('mousedown', (event) => event.preventDefault());
  document.addEventListener('keydown', (event) => {
    const target = event.target as HTMLElement | null;
    const typing = target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
    if (event.key === '/' && !typing && !event.metaKey && !event.ctrlKey && !event.altKey) {
      event.preventDefault();
      openBar(target && target !== document.body ? target : opener);
    }
  });
  document.addEventListener('click', (event) => {
    if (!bar.hidden && !root.contains(event.target as Node)) showPanel(false);
  });
}
