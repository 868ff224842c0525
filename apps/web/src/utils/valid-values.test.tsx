/** A form whose rules fail answers no values (its fields show why) instead of a rejection nobody catches. */
import { act, render, screen } from '@testing-library/react';
import { Form, Input, type FormInstance } from 'antd';
import { expect, it } from 'vitest';
import { validValues } from './valid-values';

function Name({ form }: { form: FormInstance }) {
  return (
    <Form form={form}>
      <Form.Item name="name" label="Name" rules={[{ required: true, message: 'Name is required' }]}>
        <Input />
      </Form.Item>
    </Form>
  );
}

it('answers null and shows the messages when a rule fails, the values when all pass', async () => {
  let form!: FormInstance;
  function Page() {
    [form] = Form.useForm();
    return <Name form={form} />;
  }
  render(<Page />);
  let values: unknown;
  await act(async () => {
    values = await validValues(form);
  });
  expect(values).toBeNull();
  expect(await screen.findByText('Name is required')).toBeInTheDocument();

  await act(async () => {
    form.setFieldsValue({ name: 'Latte' });
    values = await validValues(form);
  });
  expect(values).toEqual({ name: 'Latte' });
});
