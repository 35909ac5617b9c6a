import type { Enquiry } from 'shared-content';
import { enquiryFormCopy } from 'shared-content/contact';
import { fieldLimits } from 'shared-content/enquiry';
import { styled } from 'shared-content/styling';
import { Input, Select, TextArea } from '../form/controls.ts';
import { Field } from '../form/Field.tsx';
import type { EnquiryFieldName } from './enquiry-machine.ts';

export interface EnquiryFieldsProps {
  fields: Enquiry;
  edit: (field: EnquiryFieldName, value: string) => void;
  /** While the enquiry is being sent the fields are read-only, so what was sent is what is shown. */
  submitting: boolean;
}

const Grid = styled.div(({ theme }) => ({
  display: 'grid',
  gap: theme.space[5],
  marginTop: theme.space[6],
  [theme.mq.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
}));

const ids = {
  name: 'enquiry-name',
  email: 'enquiry-email',
  business: 'enquiry-business',
  phone: 'enquiry-phone',
  service: 'enquiry-service',
  message: 'enquiry-message',
} as const;

/** The four required one-line fields, in the order the form shows them, with the browser check each gets. */
const requiredTextFields = [
  { name: 'name', type: 'text' },
  { name: 'email', type: 'email' },
  { name: 'business', type: 'text' },
  { name: 'phone', type: 'tel' },
] as const;

/** The six fields of Send Your Query: four required (marked *), service and message optional. */
export function EnquiryFields({ fields, edit, submitting }: EnquiryFieldsProps) {
  const { fields: copy } = enquiryFormCopy;
  return (
    <Grid>
      {requiredTextFields.map(({ name, type }) => (
        <Field key={name} controlId={ids[name]} label={copy[name].label} required>
          <Input
            id={ids[name]}
            name={name}
            type={type}
            {...(type === 'tel' ? { inputMode: 'tel' as const } : {})}
            required
            autoComplete={copy[name].autoComplete}
            placeholder={copy[name].placeholder}
            maxLength={fieldLimits[name]}
            value={fields[name]}
            readOnly={submitting}
            onChange={(event) => edit(name, event.target.value)}
          />
        </Field>
      ))}
      <Field controlId={ids.service} label={copy.service.label} wide>
        <Select
          id={ids.service}
          name="service"
          value={fields.service}
          aria-disabled={submitting}
          onChange={(event) => edit('service', event.target.value)}
        >
          <option value="">{copy.service.placeholder}</option>
          {enquiryFormCopy.serviceOptions.map((service) => (
            <option key={service} value={service}>
              {service}
            </option>
          ))}
        </Select>
      </Field>
      <Field controlId={ids.message} label={copy.message.label} wide>
        <TextArea
          id={ids.message}
          name="message"
          rows={5}
          placeholder={copy.message.placeholder}
          maxLength={fieldLimits.message}
          value={fields.message}
          readOnly={submitting}
          onChange={(event) => edit('message', event.target.value)}
        />
      </Field>
    </Grid>
  );
}
