<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ar" sourcelanguage="en">
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../src/mainwindow.cpp" line="42"/>
        <source>&amp;Open</source>
        <extracomment>File menu item</extracomment>
        <translation>&amp;فتح</translation>
    </message>
    <message>
        <location filename="../src/mainwindow.cpp" line="57"/>
        <source>Saved %1 to %2</source>
        <translatorcomment>%1 is a file name</translatorcomment>
        <translation>حُفظ %1 في %2</translation>
    </message>
    <message numerus="yes">
        <location filename="../src/mainwindow.cpp" line="88"/>
        <source>%n file(s) deleted</source>
        <extracomment>Status bar after deleting</extracomment>
        <translation>
            <numerusform>لم يُحذف أي ملف</numerusform>
            <numerusform>حُذف ملف واحد</numerusform>
            <numerusform>حُذف ملفان</numerusform>
            <numerusform>حُذفت %n ملفات</numerusform>
            <numerusform>حُذف %n ملفًا</numerusform>
            <numerusform>حُذف %n ملف</numerusform>
        </translation>
    </message>
    <message>
        <source>Close</source>
        <comment>tab</comment>
        <translation>إغلاق اللسان</translation>
    </message>
    <message>
        <source>Close</source>
        <comment>window</comment>
        <translation>إغلاق النافذة</translation>
    </message>
    <message>
        <source>Print</source>
        <translation type="unfinished">طباعة</translation>
    </message>
    <message>
        <source>Export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Old toolbar</source>
        <translation type="obsolete">شريط الأدوات القديم</translation>
    </message>
    <message>
        <source>Gone</source>
        <translation type="vanished">ذهب</translation>
    </message>
</context>
<context>
    <name>Settings</name>
    <message>
        <source>Close</source>
        <translation>إغلاق</translation>
    </message>
    <message>
        <source>Language: %L1</source>
        <translation>اللغة: %L1</translation>
    </message>
</context>
</TS>
