import type { PrivacyTexts } from './types';

export const en: PrivacyTexts = {
  privacyAgreement: {
    title: 'Privacy Policy',
    intro:
      'This policy explains what personal data the BrewFleet console processes when you and your colleagues use it to run beverage machines, why we process it, and the choices you have.',
    sections: [
      {
        heading: '1. Who is responsible',
        paragraphs: [
          'The business that operates this BrewFleet installation (the platform operator) is the controller of the personal data held in it. Merchants who add their own staff are controllers for the data of those staff.',
        ],
      },
      {
        heading: '2. What we collect',
        paragraphs: [
          'Account data: your account name, name, phone number, email address, work address, organization, roles and, if you give it, an identity document number and an avatar.',
          'Usage data: when you sign in and out, the address your requests come from, and a record of each change you make (what was changed, when and with what outcome). Passwords are stored only as one-way hashes and are never readable by anyone.',
          'Business data: machines, stores, products, orders and statistics entered by your organization. These are not personal data unless they name a person.',
        ],
      },
      {
        heading: '3. Why we use it',
        paragraphs: [
          'To let you sign in and to show you only the menus and actions your roles allow; to keep the service secure, including throttling repeated failed sign-ins; to keep an audit trail that your organization can review; and to provide support when you ask for it.',
        ],
      },
      {
        heading: '4. How long we keep it',
        paragraphs: [
          'Account data is kept while the account exists. The operation log is kept for as long as your organization needs it for audit, and at most as long as the law allows. Sessions end after a period of inactivity and are removed when you sign out, when your password changes or when your account is disabled.',
        ],
      },
      {
        heading: '5. Who can see it',
        paragraphs: [
          'Administrators of your own organization, and the platform operator for support and security. We do not sell personal data and we do not use it for advertising. Service providers who host the system process it only on our written instructions.',
        ],
      },
      {
        heading: '6. Your rights',
        paragraphs: [
          'You may ask your administrator or the platform operator for a copy of your personal data, to correct it, or to delete it when it is no longer needed. You may also complain to your data protection authority.',
        ],
      },
      {
        heading: '7. Security',
        paragraphs: [
          'Passwords are encrypted in your browser before they are sent, sessions use random tokens stored only as hashes, and every protected action checks your permissions on the server.',
        ],
      },
    ],
  },
  privacyAgreement1: {
    title: 'Terms of Service',
    intro:
      'These terms apply to everyone who signs in to the BrewFleet console. By signing in you accept them.',
    sections: [
      {
        heading: '1. Your account',
        paragraphs: [
          'Your account is personal. Keep your password secret, do not share it, and change it at once if you think someone else knows it. You are responsible for what is done with your account.',
        ],
      },
      {
        heading: '2. Acceptable use',
        paragraphs: [
          'Use the console only for the business of your organization. Do not try to reach data or functions your roles do not grant, do not disturb the service, and do not send commands to machines you are not in charge of.',
        ],
      },
      {
        heading: '3. Machines and data',
        paragraphs: [
          'Commands such as locking, restarting or updating a machine take effect on real equipment. Check the machine and its surroundings before you send them. Your organization remains the owner of the data it enters.',
        ],
      },
      {
        heading: '4. Availability',
        paragraphs: [
          'We work to keep the service available but cannot promise that it will never be interrupted, for example during maintenance or network failures.',
        ],
      },
      {
        heading: '5. Suspension',
        paragraphs: [
          'An administrator may disable an account at any time, for example when an employee leaves. Misuse may lead to suspension of the account.',
        ],
      },
      {
        heading: '6. Changes',
        paragraphs: [
          'When these terms change, the new version is shown on this page with its date; signing in afterwards means you accept it.',
        ],
      },
    ],
  },
  privacyAgreement2: {
    title: 'Personal Data and Cookies Notice',
    intro: 'This notice lists what the console stores in your browser and why.',
    sections: [
      {
        heading: '1. Cookies',
        paragraphs: [
          'language: the language you chose (English, simplified or traditional Chinese), so that pages and server messages use it.',
          'token: your session token, so that the console knows you are signed in; it is deleted when you sign out.',
          'sidebarStatus: whether the side menu is open or closed.',
        ],
      },
      {
        heading: '2. Local and session storage',
        paragraphs: [
          'Local storage keeps your session token and your name for the top bar until you sign out. Session storage keeps the menus, permissions and open tabs of the current browser tab, and is emptied when the tab is closed.',
        ],
      },
      {
        heading: '3. No tracking',
        paragraphs: [
          'The console uses no advertising or third-party tracking cookies and no analytics that follow you across sites.',
        ],
      },
      {
        heading: '4. Your choices',
        paragraphs: [
          'You can delete these cookies and stored data in your browser settings at any time. Without the token cookie and storage you will need to sign in again.',
        ],
      },
    ],
  },
};
