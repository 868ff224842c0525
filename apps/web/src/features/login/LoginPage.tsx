/**
 * Sign-in (spec §4, §5; CONTRACT §4): account, password and the privacy agreement. The password is
 * encrypted in the page (pure JS, so it works on plain-http origins); an unticked agreement stops the
 * form with 'Please confirm the privacy agreement'.
 */
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Card, Checkbox, Form, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { signIn } from '../../api/auth-api';
import LanguageSwitcher from '../../app/layout/LanguageSwitcher';
import { activeRouter } from '../../app/routing/router-handle';
import { signInTarget } from '../../app/routing/sign-in-target';
import { startSession } from '../../app/session';
import { Button } from '../../components/Button';
import './login.css';

interface Values {
  account: string;
  password: string;
  agreement: boolean;
}

export default function LoginPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);
  const navigate = useNavigate();

  useEffect(() => {
    document.title = `${t('routes.login')} · ${t('app.name')}`;
  }, [t]);

  const submit = async (values: Values) => {
    setSubmitting(true);
    try {
      const token = await signIn(values.account.trim(), values.password, true);
      await startSession(token);
      // Where the address is now, not where it was at submit: the user may have opened another page
      // while signing in, and that page wins (sign-in-target.ts).
      navigate(signInTarget(activeRouter().state), { replace: true });
    } catch {
      // The client has shown the server's message (wrong account or password, throttled …).
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="login-page">
      <div className="login-language">
        <LanguageSwitcher />
      </div>
      <main className="login-main">
        <Card className="login-card">
          <div className="login-brand">
            <img src="./favicon.svg" alt="" width={40} height={40} />
            <Typography.Title level={1}>{t('login.title')}</Typography.Title>
          </div>
          <Typography.Paragraph type="secondary">{t('login.subtitle')}</Typography.Paragraph>
          <Form<Values>
            form={form}
            layout="vertical"
            onFinish={submit}
            requiredMark={false}
            initialValues={{ agreement: false }}
          >
            <Form.Item
              name="account"
              label={t('login.account')}
              rules={[{ required: true, whitespace: true, message: t('login.accountRequired') }]}
            >
              <Input prefix={<UserOutlined />} autoComplete="username" size="large" />
            </Form.Item>
            <Form.Item
              name="password"
              label={t('login.password')}
              rules={[{ required: true, message: t('login.passwordRequired') }]}
            >
              <Input.Password prefix={<LockOutlined />} autoComplete="current-password" size="large" />
            </Form.Item>
            <Form.Item
              name="agreement"
              valuePropName="checked"
              rules={[
                {
                  validator: (_rule, value: boolean) =>
                    value ? Promise.resolve() : Promise.reject(new Error(t('validation.agreement'))),
                },
              ]}
            >
              <Checkbox>
                {t('login.agreementPrefix')}{' '}
                <Link to="/privacyAgreement">{t('routes.privacyAgreement')}</Link>
                {', '}
                <Link to="/privacyAgreement1">{t('routes.privacyAgreement1')}</Link> {t('login.and')}{' '}
                <Link to="/privacyAgreement2">{t('routes.privacyAgreement2')}</Link>
              </Checkbox>
            </Form.Item>
            <Button type="primary" size="large" block loading={submitting} htmlType="submit">
              {t('login.submit')}
            </Button>
          </Form>
        </Card>
      </main>
    </div>
  );
}
