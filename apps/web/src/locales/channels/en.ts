/** English texts of the channels screens and resources. */
export const channelsEn = {
  screens: {},
  resources: {},
};
