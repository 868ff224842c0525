/** English texts of the fleet screens and resources. */
export const fleetEn = {
  screens: {},
  resources: {},
};
