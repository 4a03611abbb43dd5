import { createLazyRoute } from '@tanstack/react-router';
import { Clock, Mail, MessageSquare } from 'lucide-react';
import type { ContactForm } from '~/shared/schemas/contact';
import { Button } from '../components/button';
import { Card } from '../components/card';
import { Field, Input, Textarea } from '../components/form-field';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';
import { useForm } from '../lib/form';
import { zodResolverOnDemand } from '../lib/schema-on-demand';
import { toast } from '../lib/toast';
import { MAIN_CONTENT_ID } from '../components/skip-link';

export const contactLazyRoute = createLazyRoute('/contact')({ component: ContactPage });

const SEND_DELAY_MS = 1000;

const contactResolver = zodResolverOnDemand(() => import('~/shared/schemas/contact').then((m) => m.contactForm));

const CONTACT_POINTS = [
  { Icon: Clock, title: 'Reply within 24 hours', text: 'We answer every message within 24 hours.' },
  { Icon: MessageSquare, title: 'Newsroom plans', text: 'Ask about team seats for your desk or publication.' },
  { Icon: Mail, title: 'Account help', text: 'Locked out? You can also reset your password from the login page.' },
];

/** The message is not sent anywhere yet: the spec simulates delivery with a one-second pause. */
async function sendContactMessage(_message: ContactForm) {
  await new Promise((resolve) => setTimeout(resolve, SEND_DELAY_MS));
}

function ContactPage() {
  const { register, handleSubmit, formState, reset } = useForm({
    resolver: contactResolver,
    defaultValues: { name: '', email: '', subject: '', message: '' },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await sendContactMessage(values);
      toast({ title: "Message sent successfully! We'll get back to you as soon as possible.", variant: 'success' });
      reset();
    } catch {
      toast({ title: 'Failed to send message', description: 'Please try again later.', variant: 'destructive' });
    }
  });

  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <SiteHeader nav="minimal" />
      <main
        id={MAIN_CONTENT_ID}
        className="mx-auto grid w-full max-w-6xl flex-1 gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[1fr_1.4fr]"
      >
        <div>
          <h1>Contact us</h1>
          <p className="mt-4 text-lg text-slate-600">
            Questions about Copydesk, your subscription or your team? Send us a note and a real person will answer.
          </p>
          <ul className="mt-8 space-y-5">
            {CONTACT_POINTS.map(({ Icon, title, text }) => (
              <li key={title} className="flex gap-4">
                <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-white text-brand-700 shadow-sm ring-1 ring-slate-200">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <div>
                  <p className="font-semibold">{title}</p>
                  <p className="text-sm text-slate-600">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
        <Card className="p-6 sm:p-8">
          <h2>Send a message</h2>
          <form noValidate className="mt-6 space-y-5" onFocus={contactResolver.preload} onSubmit={(event) => void onSubmit(event)}>
            <div className="grid gap-5 sm:grid-cols-2">
              <Field label="Name" error={errors.name}>
                {(control) => <Input {...control} {...register('name')} autoComplete="name" />}
              </Field>
              <Field label="Email" error={errors.email}>
                {(control) => <Input {...control} {...register('email')} type="email" autoComplete="email" />}
              </Field>
            </div>
            <Field label="Subject" error={errors.subject}>
              {(control) => <Input {...control} {...register('subject')} />}
            </Field>
            <Field label="Message" error={errors.message}>
              {(control) => <Textarea {...control} {...register('message')} rows={6} />}
            </Field>
            <Button type="submit" size="lg" className="w-full sm:w-auto" loading={isSubmitting}>
              {isSubmitting ? 'Sending...' : 'Send Message'}
            </Button>
          </form>
        </Card>
      </main>
      <SiteFooter />
    </div>
  );
}
