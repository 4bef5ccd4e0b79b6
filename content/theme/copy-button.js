// The embed page's "Copy the snippet" button: shown only when script runs (the text area works without it).
for (const button of document.querySelectorAll('button[data-copy-from]')) {
  const source = document.getElementById(button.dataset.copyFrom);
  const status = button.parentElement.querySelector('.copy-status');
  button.hidden = false;
  button.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(source.value);
      status.textContent = 'Copied. Paste it into your site.';
    } catch {
      source.select();
      status.textContent = 'Select the text above and copy it with Ctrl+C (⌘C on a Mac).';
    }
  });
}
