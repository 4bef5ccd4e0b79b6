import { readableTextOn, safeBrandColor } from '../../common/brand-color.js';

/**
 * The help site's brand sheet (`/site-brand.css`): the owner's colour and the text colour that reads on it, as the
 * custom properties the theme's buttons, header and the widget's launcher use. A stylesheet of its own because the
 * pages' CSP allows no inline style; the colour passes safeBrandColor, so no stored value can end the rule.
 */
export function brandStylesheet(color: string): string {
  const brand = safeBrandColor(color);
  return `:root{--brand:${brand};--on-brand:${readableTextOn(brand)}}\n`;
}

/** Where pages load the sheet: with the colour in the URL a browser keeps it until the colour changes. */
export function brandStylesheetUrl(homeUrl: string, color?: string): string {
  return color === undefined ? `${homeUrl}/site-brand.css` : `${homeUrl}/site-brand.css?v=${safeBrandColor(color).slice(1)}`;
}
