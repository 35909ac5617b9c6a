import type { Locator, Page } from '@playwright/test';

/** What a visitor types into Send Your Query. */
export interface EnquiryValues {
  name: string;
  email: string;
  business: string;
  phone: string;
  service?: string;
  message?: string;
}

export const sampleEnquiry: EnquiryValues = {
  name: 'Bakery owner',
  email: 'owner@bakery.example',
  business: 'Sweet Crumbs Bakery',
  phone: '+91 90123 45678',
  service: 'E-commerce Solutions',
  message: 'We would like to take orders online.',
};

/** The contact page (mf-contact inside the shell): its two forms, the FAQ and the sections around them. */
export class ContactPageObject {
  readonly enquiryForm: Locator;
  readonly enquirySubmit: Locator;
  readonly enquiryStatus: Locator;
  readonly planNote: Locator;
  readonly contactDetails: Locator;
  readonly faqSection: Locator;
  readonly connectSection: Locator;
  readonly getInTouchSection: Locator;
  readonly getInTouchForm: Locator;
  readonly getInTouchSubmit: Locator;

  constructor(readonly page: Page) {
    this.enquiryForm = page.getByRole('form', { name: 'Send Your Query' });
    this.enquirySubmit = this.enquiryForm.getByRole('button', { name: /^(Send Query|Processing\.\.\.)$/ });
    this.enquiryStatus = this.enquiryForm.getByRole('status');
    this.planNote = page.getByTestId('plan-note');
    this.contactDetails = page.getByRole('region', { name: 'Our Contact Details' });
    this.faqSection = page.getByRole('region', { name: 'Frequently Asked Questions' });
    this.connectSection = page.getByRole('region', { name: 'Connect With Us' });
    this.getInTouchSection = page.getByRole('region', { name: 'Get In Touch' });
    this.getInTouchForm = page.getByRole('form', { name: 'Send us a message' });
    this.getInTouchSubmit = this.getInTouchForm.getByRole('button', {
      name: /^(Send Message|Sending\.\.\.)$/,
    });
  }

  /** Opens /contact (with an optional query or hash) and waits for the remote page to arrive. */
  async goto(suffix = '') {
    await this.page.goto(`/contact${suffix}`);
    await this.enquiryForm.waitFor();
  }

  enquiryField(name: string) {
    return this.enquiryForm.getByRole('textbox', { name, exact: true });
  }

  serviceSelect() {
    return this.enquiryForm.getByRole('combobox', { name: 'Service Needed' });
  }

  async fillEnquiry(values: EnquiryValues) {
    await this.enquiryField('Your Name').fill(values.name);
    await this.enquiryField('Email Address').fill(values.email);
    await this.enquiryField('Business Name').fill(values.business);
    await this.enquiryField('WhatsApp Number').fill(values.phone);
    if (values.service !== undefined) await this.serviceSelect().selectOption(values.service);
    if (values.message !== undefined) await this.enquiryField('Message').fill(values.message);
  }

  /** The values the six fields show now. */
  async enquiryValues(): Promise<Required<EnquiryValues>> {
    return {
      name: await this.enquiryField('Your Name').inputValue(),
      email: await this.enquiryField('Email Address').inputValue(),
      business: await this.enquiryField('Business Name').inputValue(),
      phone: await this.enquiryField('WhatsApp Number').inputValue(),
      service: await this.serviceSelect().inputValue(),
      message: await this.enquiryField('Message').inputValue(),
    };
  }

  getInTouchField(name: string) {
    return this.getInTouchForm.getByRole('textbox', { name, exact: true });
  }

  async fillGetInTouch(values: { name: string; email: string; message: string }) {
    await this.getInTouchField('Full Name').fill(values.name);
    await this.getInTouchField('Email Address').fill(values.email);
    await this.getInTouchField('Message').fill(values.message);
  }

  faqQuestion(question: string) {
    return this.faqSection.getByRole('button', { name: question });
  }

  /** Answers currently shown (each answer is a region named by its question). */
  openAnswers() {
    return this.faqSection.locator('[role="region"]:visible');
  }

  /** Serves runtime.json with some EmailJS settings changed, as another environment would configure them. */
  async overrideEmailJs(
    settings: Partial<Record<'origin' | 'serviceId' | 'templateId' | 'publicKey', string>>,
  ) {
    await this.page.route('**/runtime.json', async (route) => {
      const response = await route.fetch();
      const config = (await response.json()) as { emailjs: Record<string, string> };
      await route.fulfill({ response, json: { ...config, emailjs: { ...config.emailjs, ...settings } } });
    });
  }

  /** Collects the texts of browser alerts, accepting each. */
  collectAlerts(): string[] {
    const texts: string[] = [];
    this.page.on('dialog', (dialog) => {
      texts.push(dialog.message());
      void dialog.accept();
    });
    return texts;
  }
}

/** Whether an element's box lies inside the viewport (after an anchor jump). */
export async function isInViewport(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.top < window.innerHeight;
  });
}
