/** The enquiry API's routes, relative to runtime.json's apiUrl (sendForm: to its emailjs.origin). */
export const enquiryApiPaths = {
  /** The main form: JSON enquiry. */
  sendEmail: '/send-email',
  /** The footer's Newsletter form: JSON { email }. */
  subscribe: '/subscribe',
  /** The Get In Touch form through @emailjs/browser's sendForm: multipart form data, answers the text OK. */
  sendForm: '/api/v1.0/email/send-form',
  health: '/health',
  /**
   * The shell's health telemetry per remote version: a JSON RemoteHealthBeacon (telemetry.ts) sent with
   * navigator.sendBeacon, so as text/plain; answers 204 with no body.
   */
  beacon: '/beacon',
  /**
   * The beacon counts summed since a time (`?since=<ISO time>`), for the release tooling only: with the API's
   * ENQUIRY_HEALTH_KEY as a Bearer token, or without one to a direct loopback client (remote-health-report.ts).
   */
  remoteHealth: '/remote-health',
  /**
   * A page load's Web Vitals (LCP, INP, CLS) with its route, slot versions and bucket: a JSON VitalsReport
   * (vitals-contract.ts) sent with navigator.sendBeacon once per page load, in the beacon's own budget.
   */
  vitals: '/vitals',
} as const;
