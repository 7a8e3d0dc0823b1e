/**
 * Page transitions for everyone: a thin progress bar while the next page loads, focus moved to the new
 * content and its title announced, so keyboard and screen-reader users notice the change too.
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigation } from 'react-router';

export function NavigationFeedback() {
  const navigation = useNavigation();
  const location = useLocation();
  const [announcement, setAnnouncement] = useState('');
  const first = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the reaction is to a new page, not to hash or state changes.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // A hash target is scrolled to and keeps its own focus; a new page starts reading at its content.
    if (!location.hash) document.getElementById('main')?.focus({ preventScroll: true });
    // The title is set by <Meta> in the same commit; reading it a tick later gets the new one.
    const timer = setTimeout(() => setAnnouncement(document.title), 50);
    return () => clearTimeout(timer);
  }, [location.pathname]);

  const busy = navigation.state !== 'idle';
  return (
    <>
      <div
        aria-hidden="true"
        className={`fixed inset-x-0 top-0 z-50 h-0.5 origin-left bg-brand-500 transition-transform duration-500 rtl:origin-right ${busy ? 'scale-x-75' : 'scale-x-0'}`}
      />
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </>
  );
}
