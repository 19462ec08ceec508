import { sendEmail } from './mail';

export async function welcome(customer: { name: string; email: string }): Promise<void> {
  const body = ``;
  await sendEmail(customer.email, 'Welcome to Loom', body);
}
