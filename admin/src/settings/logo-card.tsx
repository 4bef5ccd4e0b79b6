import type { ReactNode } from 'react';

/** Settings → General's logo: the current one, a file to replace it, and a button to remove it. */
export function LogoCard({
  logoUrl,
  describedBy,
  fieldError,
  onChange,
}: {
  logoUrl: string | null;
  describedBy: string | undefined;
  fieldError: ReactNode;
  /** null removes the logo. */
  onChange: (file: Blob | null) => void;
}) {
  return (
    <section className="card editor" aria-labelledby="logo-heading">
      <h2 id="logo-heading">Logo</h2>
      {logoUrl ? (
        <img className="logo-preview" src={logoUrl} alt="The current logo" />
      ) : (
        <p className="muted">No logo yet: pages show the site name alone.</p>
      )}
      <div className="field">
        <label htmlFor="logo">Choose an image (PNG, JPEG, GIF or WebP, at most 256 KB)</label>
        <input
          id="logo"
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          aria-describedby={describedBy}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            if (file) onChange(file);
          }}
        />
        {fieldError}
      </div>
      {logoUrl && (
        <button type="button" onClick={() => onChange(null)}>
          Remove the logo
        </button>
      )}
    </section>
  );
}
