/** The product's one name, shown on the login page, both headers, the page title, the API documentation and the server's start line. */
export const PLATFORM_NAME = '党员教育培训平台';
/** The district-specific login (core §1: Area=510115) prefixes its district. */
export const DISTRICT_NAME = `温江区${PLATFORM_NAME}`;
