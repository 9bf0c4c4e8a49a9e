import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/**
 * Notifications arrive outside the router (the socket lives beside it), yet their 'View'
 * action and click go to a page of the app. The layouts register the router's navigate here;
 * without one the page is loaded by address.
 */
let navigateFn: ((url: string) => void) | null = null;

export function navigateTo(url: string): void {
  if (navigateFn) navigateFn(url);
  else window.location.assign(url);
}

/** Mounted inside the router (both layouts): lends its navigate to notifications. */
export function NavigationBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    const own = (url: string) => void navigate(url);
    navigateFn = own;
    return () => {
      if (navigateFn === own) navigateFn = null;
    };
  }, [navigate]);
  return null;
}
