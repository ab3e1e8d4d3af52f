// The blog widget's «Показать ещё» (/widget/blog/{id}, served as /widget/blog.js): asks `{data-url}/{last id}`
// for the next entries' HTML, appends it to the list and hides itself when the blog has no more. A refusal shows
// the server's Russian text, a lost connection the button's own.
(() => {
  const button = document.querySelector('[data-testid=widget-more]');
  const list = document.querySelector('[data-testid=widget-list]');
  const status = document.querySelector('[data-testid=widget-status]');
  if (!button || !list || !status) return;
  const text = button.textContent;
  // Busy, not disabled: a disabled button would drop the keyboard reader's focus.
  let busy = false;
  button.addEventListener('click', async () => {
    if (busy) return;
    busy = true;
    button.setAttribute('aria-busy', 'true');
    button.textContent = button.dataset.loading;
    status.textContent = '';
    let failure = button.dataset.failed;
    try {
      const res = await fetch(`${button.dataset.url}/${button.dataset.lastId}`, { credentials: 'omit' });
      const answer = await res.json();
      if (res.ok && answer.data) {
        const shown = list.children.length;
        list.insertAdjacentHTML('beforeend', answer.data.html);
        // The first new entry takes the focus: a keyboard reader goes on from there, and the frame scrolls to it.
        list.children[shown]?.querySelector('a')?.focus();
        button.dataset.lastId = String(answer.data.last_id);
        button.hidden = answer.data.is_finished;
        failure = '';
      } else if (typeof answer.rm === 'string' && answer.rm) failure = answer.rm;
    } catch {
      // No answer or not JSON: the button's own text.
    }
    status.textContent = failure;
    button.removeAttribute('aria-busy');
    button.textContent = text;
    busy = false;
  });
})();
