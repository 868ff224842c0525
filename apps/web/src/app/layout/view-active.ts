/**
 * Whether the view a component sits in is the one shown. Cached views stay mounted while hidden, but
 * their modals render over the whole page: a dialog asks this to close when its view is left.
 */
import { createContext, useContext } from 'react';

export const ViewActiveContext = createContext(true);

export const useViewActive = (): boolean => useContext(ViewActiveContext);
