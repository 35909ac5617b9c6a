import { styled } from 'shared-content/styling';
import { Section } from 'shared-content/ui';
import { EnquiryForm, type EnquiryFormProps } from '../enquiry/EnquiryForm.tsx';
import { ContactDetails } from './ContactDetails.tsx';

export type EnquirySectionProps = EnquiryFormProps;

const Layout = styled.div(({ theme }) => ({
  display: 'grid',
  gap: theme.space[8],
  alignItems: 'start',
  [theme.mq.lg]: { gridTemplateColumns: 'minmax(0, 7fr) minmax(0, 4fr)', gap: theme.space[10] },
}));

/** Send Your Query with, beside it on wide screens and below it on phones, Our Contact Details. */
export function EnquirySection(props: EnquirySectionProps) {
  return (
    <Section>
      <Layout>
        <EnquiryForm {...props} />
        <ContactDetails />
      </Layout>
    </Section>
  );
}
