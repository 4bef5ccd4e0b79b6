import { useCallback, useEffect, useState } from 'react';
import { api, type Tag } from '../api/api.js';

/** Every tag (agents make new ones by typing), loaded with the screen and again after a change. */
export function useTags(): { tags: Tag[]; reloadTags: () => void } {
  const [tags, setTags] = useState<Tag[]>([]);
  const reloadTags = useCallback(() => {
    api<Tag[]>('GET', '/tags/').then(setTags, () => setTags([]));
  }, []);
  useEffect(reloadTags, [reloadTags]);
  return { tags, reloadTags };
}
