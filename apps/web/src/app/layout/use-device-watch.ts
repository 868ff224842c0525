/** Desktop by default; narrow screens get the mobile layout, whose sidebar is a drawer closed at once. */
import { useEffect } from 'react';
import { appStore } from '../stores/app-store';
import { layoutStore } from '../stores/layout-store';

export const MOBILE_MAX_WIDTH = 992;

export function useDeviceWatch(): void {
  useEffect(() => {
    const update = () => {
      const mobile = window.innerWidth < MOBILE_MAX_WIDTH;
      const { device, setDevice, closeSidebar } = appStore.getState();
      layoutStore.getState().setDocumentHeight(window.innerHeight);
      if (mobile && device !== 'mobile') {
        setDevice('mobile');
        closeSidebar(true);
      } else if (!mobile && device !== 'desktop') {
        setDevice('desktop');
      }
    };
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
}
