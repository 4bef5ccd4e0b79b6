// The setup page's logo field: the chosen image goes straight to the API (PUT /api/site/v1/logo) with the
// page's CSRF token. Without script the field is hidden and the hint points to Settings → General.
for (const input of document.querySelectorAll('input[data-logo-upload]')) {
  const field = input.closest('.field');
  const status = field.querySelector('.logo-status');
  // No logo yet: the preview is made with the first upload (an <img> without src is invalid HTML).
  let preview = field.querySelector('img');
  // Every text is the page's, in its language (data-texts).
  const say = JSON.parse(input.dataset.texts || '{}');
  field.hidden = false;
  input.addEventListener('change', async () => {
    const file = input.files[0];
    if (!file) return;
    status.textContent = say.uploading;
    try {
      const res = await fetch(input.dataset.logoUpload, {
        method: 'PUT',
        headers: {
          'content-type': file.type || 'application/octet-stream',
          'x-csrf-token': input.dataset.csrf,
          accept: 'application/json',
        },
        body: file,
        credentials: 'same-origin',
      });
      const answer = await res.json().catch(() => ({}));
      if (!res.ok) {
        status.textContent = answer.detail || say.failed;
        return;
      }
      if (!preview) {
        preview = document.createElement('img');
        preview.className = 'logo-preview';
        preview.alt = say.alt;
        input.before(preview);
      }
      preview.src = answer.logo_url;
      status.textContent = say.saved;
    } catch {
      status.textContent = say.unreachable;
    }
    input.value = '';
  });
}
