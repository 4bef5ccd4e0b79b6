/**
 * The line above which a reply by mail is read; everything from it down is the quoted mail. Mail
 * clients keep it in the quote, so the incoming side cuts there even where no reply parser would.
 */
export const REPLY_MARKER = '##- Please type your reply above this line -##';

/** Finds the marker in a reply however the mail client quoted it (`> `, an HTML quote turned into text). */
export const REPLY_MARKER_PATTERN = /#+-?\s*Please type your reply above this line\s*-?#+/i;
